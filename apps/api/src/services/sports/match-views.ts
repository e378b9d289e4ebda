import type { LocalizedText } from '@playhouse/db';
import type { MarketStatus, OutcomeStatus, SelectionResult } from '@playhouse/db/schema';
import { localize, type LocaleContext } from '../../lib/localize';

/** A market as it is stored with its outcomes; a result only where the outcome has been settled. */
export interface BookMarket {
  id: number;
  name: LocalizedText;
  position: number;
  status: MarketStatus;
  outcomes: {
    id: number;
    label: string;
    position: number;
    oddThousandths: number;
    status: OutcomeStatus;
    result?: SelectionResult | null;
  }[];
}

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
  row: {
    id: number;
    sportId: number;
    sportName: LocalizedText;
    tournamentName: LocalizedText;
    team1: LocalizedText;
    team2: LocalizedText;
    startsAt: Date;
  },
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
