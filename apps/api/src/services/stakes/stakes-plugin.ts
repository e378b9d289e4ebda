import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { createStakePipeline, type StakePipeline } from './stake-pipeline';
import { createStakePreviewService, type StakePreviewService } from './stake-preview-service';

declare module '../../plugins/app/services' {
  interface Services {
    /** The one stake pipeline casino and sports bets go through; player protection adds its guards here. */
    stakes: StakePipeline;
    /** How a casino stake would be funded (the pipeline's dry run), for the player's game screens. */
    stakePreview: StakePreviewService;
  }
}

/**
 * How the money of every bet moves (casino and sports), with the guard hook player protection plugs into; it comes
 * right after the wallet, so protection (next) can add its guard.
 */
export const stakesPlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.stakes = createStakePipeline({ db: app.db, clock: systemClock, wallet: app.services.wallet });
    app.services.stakePreview = createStakePreviewService({ db: app.db, stakes: app.services.stakes });
  },
  { name: 'stakes', dependencies: ['db', 'services', 'wallet'] },
);
