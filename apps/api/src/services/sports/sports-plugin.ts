import fp from 'fastify-plugin';
import type { Config } from '../../config';
import {
  AUTO_CASH_OUT_INTERVAL_MS,
  AUTO_CASH_OUT_JOB,
  autoCashOutJob,
  feedSimulatorJob,
  liveSimulatorJob,
  SETTLEMENT_INTERVAL_MS,
  settlementJob,
} from './sports-jobs';
import { createSportsServices, type SportsServices } from './sports-services';

declare module '../../plugins/app/services' {
  interface Services {
    sports: SportsServices;
  }
}

/**
 * The sportsbook: its services, its jobs (the feed simulator where it runs, the settlement sweep) and the odds
 * listener, which keeps the top offer fresh from the app's start and stops before the database closes.
 */
export const sportsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const { withdrawals } = app.services;
    const sports = createSportsServices({
      handle: app.dbHandle,
      config: config.sports,
      logger: app.log,
      stakes: app.services.stakes,
      wallet: app.services.wallet,
      // A re-settlement that leaves the player owing holds their withdrawals until they owe nothing.
      debts: { owing: withdrawals.hold, settled: withdrawals.release },
    });
    app.services.sports = sports;
    withdrawals.addDebts({
      owes: sports.settlement.owes,
      recover: (tx, withdrawal) =>
        sports.settlement.recover(tx, withdrawal.userId, withdrawal.currency, `shortfall:withdrawal:${withdrawal.id}`),
    });
    if (config.sports.simulator) {
      app.jobs.add(feedSimulatorJob(sports.simulator, config.sports.simulatorIntervalMs));
      app.jobs.add(liveSimulatorJob(sports.simulator, config.sports.simulatorLiveIntervalMs));
    }
    app.jobs.add(settlementJob(sports.settlement, SETTLEMENT_INTERVAL_MS));
    app.jobs.add(autoCashOutJob(sports.cashOut, AUTO_CASH_OUT_INTERVAL_MS));

    app.addHook('onReady', async () => {
      try {
        await sports.oddsHub.subscribeAll(() => {
          sports.topOffer.invalidate();
          sports.browse.invalidate();
          // Prices moved: a bet may have reached its automatic cash-out target.
          app.jobs.trigger(AUTO_CASH_OUT_JOB).catch((error: unknown) => {
            app.log.warn({ err: error }, 'automatic cash out failed');
          });
        });
      } catch (error) {
        // Without the listener the top offer still refreshes every few seconds.
        app.log.warn({ err: error }, 'listening for odds changes failed');
      }
    });
    app.addHook('preClose', async () => {
      await sports.oddsHub.close().catch((error: unknown) => {
        app.log.warn({ err: error }, 'closing the odds listener failed');
      });
    });
  },
  { name: 'sports', dependencies: ['db', 'services', 'jobs', 'wallet', 'stakes', 'cashbox'] },
);
