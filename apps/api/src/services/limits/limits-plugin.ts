import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { createLimitsService, type LimitsService } from './limits-service';

declare module '../../plugins/app/services' {
  interface Services {
    limits: LimitsService;
  }
}

/** The players' deposit limits. */
export const limitsPlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.limits = createLimitsService({ db: app.db, clock: systemClock });
  },
  { name: 'limits', dependencies: ['db', 'services'] },
);
