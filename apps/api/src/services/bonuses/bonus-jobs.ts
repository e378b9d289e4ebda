import { scheduledJob, type Job } from '../../jobs/scheduler';
import type { BonusService } from './bonus-service';

export const BONUS_EXPIRY_JOB = 'bonus-expiry';
/** Advisory lock key of the bonus expiry sweep (the cashbox jobs use 727_200_nnn, the sports jobs 727_300_nnn). */
const BONUS_EXPIRY_LOCK_KEY = 727_400_101;
/** Bonuses expire to the minute: a bonus past its time keeps counting bets for at most this long. */
export const BONUS_EXPIRY_INTERVAL_MS = 60_000;

/** Ends the bonuses whose time is up. */
export function bonusExpiryJob(bonuses: Pick<BonusService, 'expireDue'>): Job {
  return scheduledJob(
    { name: BONUS_EXPIRY_JOB, lockKey: BONUS_EXPIRY_LOCK_KEY, intervalMs: BONUS_EXPIRY_INTERVAL_MS },
    () => bonuses.expireDue(),
  );
}

export const CASHBACK_JOB = 'cashback';
const CASHBACK_LOCK_KEY = 727_400_102;
/**
 * How often the cashback job looks for a week to pay: a week ends at local midnight, so players see it within the
 * hour; every run after the first of a week pays nobody twice.
 */
export const CASHBACK_INTERVAL_MS = 3_600_000;

/** Pays the cashback campaigns' last whole week. */
export function cashbackJob(bonuses: Pick<BonusService, 'payCashback'>): Job {
  // A restart after a week ended pays it now rather than an hour later.
  return scheduledJob(
    { name: CASHBACK_JOB, lockKey: CASHBACK_LOCK_KEY, intervalMs: CASHBACK_INTERVAL_MS, runOnStart: true },
    () => bonuses.payCashback(),
  );
}
