import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { bonusExpiryJob } from './bonus-jobs';
import { createBonusService, type BonusService } from './bonus-service';

declare module '../../plugins/app/services' {
  interface Services {
    bonuses: BonusService;
  }
}

/** The bonus engine and its expiry sweep. */
export const bonusesPlugin = fp<{ config: Config }>(
  async (app) => {
    const bonuses = createBonusService({ db: app.db, clock: systemClock });
    app.services.bonuses = bonuses;
    app.jobs.add(bonusExpiryJob(bonuses));
  },
  { name: 'bonuses', dependencies: ['db', 'services', 'jobs'] },
);
