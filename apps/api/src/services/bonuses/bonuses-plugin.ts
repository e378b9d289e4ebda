import fp from 'fastify-plugin';
import type { AffiliatePage, AffiliateReportQuery } from '@playhouse/shared';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { bonusExpiryJob, cashbackJob } from './bonus-jobs';
import { affiliateReport } from './affiliate-queries';
import { createBonusService, type BonusService } from './bonus-service';
import { createCampaignLimitService, type CampaignLimitService } from './campaign-limits';
import { createCampaignService, type CampaignService } from './campaign-service';

declare module '../../plugins/app/services' {
  interface Services {
    bonuses: BonusService;
    /** Marketing's side of the domain: campaigns and promo codes as staff run them, and the affiliate report. */
    marketing: {
      campaigns: CampaignService;
      /** The admins' limits per currency that no campaign passes (the engine holds them at grant and conversion). */
      limits: CampaignLimitService;
      affiliates: (query: AffiliateReportQuery, window: { limit: number; offset: number }) => Promise<AffiliatePage>;
    };
  }
}

/** The bonus engine and its expiry sweep. */
export const bonusesPlugin = fp<{ config: Config }>(
  async (app) => {
    const { guard } = app.services.protection;
    const bonuses = createBonusService({
      db: app.db,
      clock: systemClock,
      wallet: app.services.wallet,
      withdrawalRequestedSince: app.services.withdrawals.requestedSince,
      // The player's jurisdiction caps the wagering multiple (UK-like: 10x).
      maxWagering: async (executor, userId) =>
        guard.profileOf((await guard.player(executor, userId)).country).maxBonusWagering,
      bonusesAllowed: (executor, userId) => guard.bonusesAllowed(executor, userId),
    });
    app.services.bonuses = bonuses;
    app.services.marketing = {
      campaigns: createCampaignService({ db: app.db, clock: systemClock }),
      limits: createCampaignLimitService({ db: app.db, clock: systemClock }),
      affiliates: (query, window) => affiliateReport(app.db, query, window),
    };
    app.jobs.add(bonusExpiryJob(bonuses));
    app.jobs.add(cashbackJob(bonuses));
    // A withdrawal while a bonus is being wagered gives the bonus up (once the player confirms).
    app.services.withdrawals.addGuard(bonuses.withdrawalGuard);
  },
  { name: 'bonuses', dependencies: ['db', 'services', 'jobs', 'wallet', 'protection', 'cashbox'] },
);
