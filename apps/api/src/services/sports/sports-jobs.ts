import { scheduledJob, type Job } from '../../jobs/scheduler';
import type { CashOutService } from './cash-out-service';
import type { SettlementService } from './settlement-service';
import type { FeedSimulator } from './simulator/feed-simulator';

export const FEED_SIMULATOR_JOB = 'sports-feed-simulator';
export const LIVE_SIMULATOR_JOB = 'sports-feed-simulator-live';
export const SETTLEMENT_JOB = 'sports-settlement';
export const AUTO_CASH_OUT_JOB = 'sports-auto-cash-out';
/** Advisory lock keys of the sports jobs (the cashbox jobs use 727_200_nnn). */
const FEED_SIMULATOR_LOCK_KEY = 727_300_101;
const SETTLEMENT_LOCK_KEY = 727_300_102;
const AUTO_CASH_OUT_LOCK_KEY = 727_300_103;
/** Odds notices run the automatic cash outs at once; this sweep catches what a lost notice missed. */
export const AUTO_CASH_OUT_INTERVAL_MS = 5_000;
/**
 * The same lock as the round's: the instance running the feed runs the matches in play too, so two instances never
 * decide on one match at once (within an instance the simulator serializes its two jobs).
 */
const LIVE_SIMULATOR_LOCK_KEY = FEED_SIMULATOR_LOCK_KEY;
/** The sweep catches what the settlement right after an ingest missed (a crash between the two, say). */
export const SETTLEMENT_INTERVAL_MS = 60_000;

/** One round of the in-house odds feed: fixtures, odds moves, kick-offs, results. */
export function feedSimulatorJob(simulator: Pick<FeedSimulator, 'tick'>, intervalMs: number): Job {
  // A fresh database should not wait a whole interval for its first fixtures.
  return scheduledJob(
    { name: FEED_SIMULATOR_JOB, lockKey: FEED_SIMULATOR_LOCK_KEY, intervalMs, runOnStart: true },
    () => simulator.tick(),
  );
}

/** The matches in play, every few seconds: kick-offs, states and prices, suspensions, ends. */
export function liveSimulatorJob(simulator: Pick<FeedSimulator, 'liveTick'>, intervalMs: number): Job {
  return scheduledJob({ name: LIVE_SIMULATOR_JOB, lockKey: LIVE_SIMULATOR_LOCK_KEY, intervalMs }, () =>
    simulator.liveTick(),
  );
}

/** Settles every open bet whose results are in. */
export function settlementJob(settlement: Pick<SettlementService, 'settle'>, intervalMs: number): Job {
  return scheduledJob({ name: SETTLEMENT_JOB, lockKey: SETTLEMENT_LOCK_KEY, intervalMs }, () => settlement.settle());
}

/** Cashes out the bets whose price reached their player's target. */
export function autoCashOutJob(cashOut: Pick<CashOutService, 'runAutoCashOuts'>, intervalMs: number): Job {
  return scheduledJob({ name: AUTO_CASH_OUT_JOB, lockKey: AUTO_CASH_OUT_LOCK_KEY, intervalMs }, () =>
    cashOut.runAutoCashOuts(),
  );
}
