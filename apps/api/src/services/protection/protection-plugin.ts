import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { harmCheckJob } from './protection-jobs';
import { createProtectionCore, type ProtectionCore } from './protection-services';

declare module '../../plugins/app/services' {
  interface Services {
    protection: ProtectionCore;
  }
}

/**
 * Player protection and verification: limits, breaks, reality checks, identity documents, statements, markers of
 * harm and the jurisdiction profiles. The money domains (cashbox, payments, games, providers, sports, bonuses) take
 * its guard, so it registers before them.
 */
export const protectionPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const protection = createProtectionCore({
      wallet: app.services.wallet,
      db: app.db,
      config: config.protection,
      siteUrl: config.siteUrl,
      email: app.services.email,
      confirmPassword: app.services.accounts.confirmPassword,
      exclusions: app.services.exclusions,
    });
    app.services.protection = protection;
    // Every stake, casino or sports, asks protection first: a guard of the stake pipeline, inside the stake's
    // transaction before its bonus and ledger locks. A preview asks the same, reading without locks, with the stakes
    // ahead of it on the slip counted against the limits as if taken.
    // A placement in one statement decides the same guard from its inputs read at once (`stakeClearance`).
    app.services.stakes.addGuard(
      (tx, stake) =>
        protection.guard.assertCanStake(tx, stake.userId, stake.amount + stake.ahead, {
          sessionId: stake.sessionId,
          lock: !stake.dryRun,
        }),
      (guardState, userId) => protection.guard.stakeClearance(guardState, userId),
    );
    // Where the profile keeps casino and sports bonuses apart, a bonus funds and counts stakes of one product only:
    // the one it was first staked on.
    app.services.stakes.addBonusScope(async (tx, stake, firstProduct) => {
      const user = await protection.guard.player(tx, stake.userId);
      if (protection.guard.profileOf(user.country).combineCasinoAndSportsBonuses) return true;
      return firstProduct === null || firstProduct === stake.product;
    });
    app.jobs.add(harmCheckJob(protection.harm, config.protection.harmCheckIntervalMs));
  },
  { name: 'protection', dependencies: ['db', 'services', 'jobs', 'wallet', 'accounts', 'stakes'] },
);
