import { createHash, timingSafeEqual } from 'node:crypto';
import type { DbHandle } from '@playhouse/db';
import type { FeedIngestResult, MatchDetail } from '@playhouse/shared';
import type { SportsConfig } from '../../config';
import { batched } from '../../lib/batched';
import { localize, type LocaleContext } from '../../lib/localize';
import { systemClock, type Clock } from '../../lib/clock';
import type { StakePipeline } from '../stakes/stake-pipeline';
import type { WalletService } from '../wallet/wallet-service';
import { createBetService, type BetService } from './bet-service';
import { createBrowseService, type BrowseService } from './browse-service';
import { createCashOutService, type CashOutService } from './cash-out-service';
import { createFeedIngest, type Delivery, type FeedIngest } from './feed-ingest';
import { createOddsHub, type OddsHub } from './odds-hub';
import { createSettlementService, type DebtHooks, type SettlementService } from './settlement-service';
import { createFeedSimulator, type FeedSimulator } from './simulator/feed-simulator';
import { toMatchBet } from './match-views';
import { MatchNotFoundError } from './sports-errors';
import { loadMatchDetails, type MatchDetailRow } from './sports-queries';
import { createTradingService, type TradingService } from './trading-service';
import { createTopOfferService, type TopOfferService } from './top-offer-service';
import { createInPlayService, type InPlayService } from './in-play-service';

interface Logger {
  error(details: Record<string, unknown>, message: string): void;
}

export interface SportsServices {
  ingest: FeedIngest;
  topOffer: TopOfferService;
  /** The browse pages' reads: the book's tree, listings, the matches in play, search, favourite leagues. */
  browse: BrowseService;
  bets: BetService;
  settlement: SettlementService;
  /** Cash out: prices of open bets, cash outs whole or in part, automatic ones, the traders' settings. */
  cashOut: CashOutService;
  /** Betting in play: the bet delay per sport and the traders' desk of the matches in play. */
  inPlay: InPlayService;
  /** The back office's trading: suspensions, results and re-settlement, liability, the bet search. */
  trading: TradingService;
  simulator: FeedSimulator;
  oddsHub: OddsHub;
  /** A delivery from a feed: upserted, then whatever it made settleable settled. */
  receiveFeed(delivery: Delivery): Promise<FeedIngestResult>;
  matchDetail(matchId: number, context: LocaleContext): Promise<MatchDetail>;
  /** Whether a feed's X-Feed-Token is the configured FEED_TOKEN (always false when none is configured). */
  acceptsFeedToken(token: string): boolean;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A match as its page shows it; `betDelayMs` is the delay of its sport's bets in play (ignored unless it is live). */
export function matchDetailView(
  row: MatchDetailRow,
  context: LocaleContext,
  now: Date,
  betDelayMs: number | null = null,
): MatchDetail {
  const inPlay = row.status === 'live';
  const bettingOpen = inPlay || (row.status === 'scheduled' && row.startsAt.getTime() > now.getTime());
  return {
    matchId: row.id,
    idSport: row.sportId,
    sportName: localize(row.sportName, context),
    idCategory: row.categoryId,
    categoryName: localize(row.categoryName, context),
    idTournament: row.tournamentId,
    tournamentName: localize(row.tournamentName, context),
    matchDateTimeUTC: row.startsAt.getTime(),
    status: row.status,
    matchTeams: [
      { matchTeamType: '1', teamName: localize(row.team1, context) },
      { matchTeamType: '2', teamName: localize(row.team2, context) },
    ],
    result: row.result,
    liveState: row.liveState,
    bettingOpen,
    betDelayMs: inPlay ? betDelayMs : null,
    matchBets: row.markets.map((market) => toMatchBet(market, context)),
  };
}

/** The sportsbook wired from the config; its jobs (sports-jobs.ts) are handed to the scheduler by sports-plugin.ts. */
export function createSportsServices({
  handle,
  config,
  logger,
  clock = systemClock,
  stakes,
  wallet,
  debts,
}: {
  handle: DbHandle;
  config: SportsConfig;
  logger: Logger;
  clock?: Clock;
  /** Every stake and what comes back on it moves through the one stake pipeline the casino uses too. */
  stakes: StakePipeline;
  /** A trader's re-settlement takes back what an earlier settlement paid. */
  wallet: WalletService;
  /** The cashbox's holds on a player's withdrawals while they owe a re-settlement's shortfall. */
  debts?: DebtHooks;
}): SportsServices {
  const db = handle.db;
  const ingest = createFeedIngest({ db });
  const settlement = createSettlementService({ db, clock, stakes, wallet, ...(debts ? { debts } : {}) });
  const inPlay = createInPlayService({ db, clock });
  const simulator = createFeedSimulator({ db, ingest, settlement, clock, speed: config.simulatorSpeed });
  // An odds notice wakes the streams of every match it names at once (and of each match in every language): their
  // reads go out together, two queries for the matches and one for their sports' bet delays, instead of three each.
  const matchDetailRow = batched(async (matchIds: number[]) => {
    const rows = await loadMatchDetails(db, matchIds);
    const live = [...rows.values()].filter((row) => row.status === 'live');
    const delays =
      live.length > 0 ? await inPlay.betDelaysOf(live.map((row) => row.sportId)) : new Map<number, number>();
    return new Map(
      [...rows.values()].map((row) => [row.id, { row, betDelayMs: delays.get(row.sportId) ?? null }] as const),
    );
  });
  return {
    ingest,
    topOffer: createTopOfferService({ db, clock }),
    browse: createBrowseService({ db, clock }),
    bets: createBetService({ db, clock, stakes, inPlay }),
    inPlay,
    settlement,
    cashOut: createCashOutService({ db, clock, stakes, ...(debts ? { debts } : {}) }),
    trading: createTradingService({ db, clock, settlement }),
    simulator,
    oddsHub: createOddsHub({
      listen: handle.listen,
      onError: (error) => logger.error({ err: error }, 'odds notification failed'),
    }),
    async receiveFeed(delivery) {
      const result = await ingest.ingest(delivery, clock.now());
      const settledBets = await settlement.settle(result.settleMatchIds);
      return {
        sports: result.sports,
        categories: result.categories,
        tournaments: result.tournaments,
        matches: result.matches,
        markets: result.markets,
        outcomes: result.outcomes,
        skipped: result.skipped,
        settledBets,
      };
    },

    async matchDetail(matchId, context) {
      const found = await matchDetailRow(matchId);
      if (!found) throw new MatchNotFoundError();
      return matchDetailView(found.row, context, clock.now(), found.betDelayMs);
    },

    acceptsFeedToken(token) {
      return config.feedToken !== undefined && timingSafeEqual(digest(token), digest(config.feedToken));
    },
  };
}
