import type { SelectionResult } from '@playhouse/db/schema';
import { localize, type LocaleContext } from '../../lib/localize';
import type { BrowseMarketRow, BrowseOutcomeRow } from './browse-queries';
import type { InPlayRow } from './in-play-queries';

/** A market as it is stored with its outcomes; a result only where the outcome has been settled. */
type BookMarket = Omit<BrowseMarketRow, 'outcomes'> & {
  outcomes: (BrowseOutcomeRow & { result?: SelectionResult | null })[];
};

/** A market as the match views show it (matchBets): named in the reader's language, its odds as decimals. */
export function toMatchBet(market: BookMarket, context: LocaleContext) {
  return {
    idMatchBet: market.id,
    betName: localize(market.name, context),
    matchBetPosition: market.position,
    status: market.status,
    matchBetOutcomes: market.outcomes.map((outcome) => ({
      outcomeId: outcome.id,
      providerBetOutcomeId: outcome.label,
      matchBetOutcomePosition: outcome.position,
      matchBetOutcomeOddValue: outcome.oddThousandths / 1000,
      status: outcome.status,
      result: outcome.result ?? null,
    })),
  };
}

/** A match as the staff desks (trading, in play) head their rows: in the reader's language. */
export function deskMatch(
  row: Pick<InPlayRow, 'id' | 'sportId' | 'sportName' | 'tournamentName' | 'team1' | 'team2' | 'startsAt'>,
  context: LocaleContext,
) {
  return {
    id: row.id,
    sportId: row.sportId,
    sportName: localize(row.sportName, context),
    tournamentName: localize(row.tournamentName, context),
    team1: localize(row.team1, context),
    team2: localize(row.team2, context),
    startsAt: row.startsAt.toISOString(),
  };
}
