import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { ORIGINALS_PROVIDER } from '../providers/provider-wallet-service';
import { createHostKit } from './originals-host-kit';
import { originalsSettlementJob, sharedTableClockJob } from './originals-jobs';
import { createSharedTableHub, type SharedTableHub } from './shared-table-notify';
import { createSharedTables, type SharedTables } from './shared-tables-service';
import { createOriginalsService, WIN_RETRY_DELAY_MS, type OriginalsService } from './originals-service';
import { createOriginalsSettlement, type OriginalsSettlement } from './originals-settlement';
import { createWalletClient } from './wallet-client';

declare module '../../plugins/app/services' {
  interface Services {
    originals: OriginalsService;
    /** What the Originals host still owes the wallet after a crash or a deploy, delivered by its job. */
    originalsSettlement: OriginalsSettlement;
    /** The shared tables: rounds on a clock for everyone seated. */
    sharedTables: SharedTables;
    /** Announces each step of a shared table to this instance's open streams. */
    sharedTableHub: SharedTableHub;
  }
}

/**
 * The in-house Originals host. It reaches the seamless wallet through the api's own HTTP interface, signed with the
 * Originals provider's secret, as any provider would; its settlement job delivers what a round still owes.
 */
export const originalsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const secret = app.services.providerSecrets[ORIGINALS_PROVIDER];
    if (!secret) throw new Error('The Originals provider has no wallet secret');
    const wallet = createWalletClient({
      provider: ORIGINALS_PROVIDER,
      secret,
      send: async ({ method, url, headers, body }) => {
        const response = await app.inject({ method, url, headers, payload: body });
        return { statusCode: response.statusCode, body: response.body };
      },
    });
    app.services.originals = createOriginalsService({
      db: app.db,
      wallet,
      sessionTtlMs: config.casino.originalsSessionTtlMs,
      demoBalance: config.casino.demoBalance,
      roundFunding: (userId, roundIds) =>
        app.services.providerWallet.roundFunding(ORIGINALS_PROVIDER, userId, roundIds),
      predictableSeeds: config.casino.predictableSeeds,
    });
    const settlement = createOriginalsSettlement({
      db: app.db,
      wallet,
      log: app.log,
      retryMs: WIN_RETRY_DELAY_MS,
      unconfirmedBetMs: config.casino.originalsSettlement.unconfirmedBetMs,
      abandonedRoundMs: config.casino.originalsSettlement.abandonedRoundMs,
    });
    app.services.originalsSettlement = settlement;
    app.jobs.add(originalsSettlementJob(settlement, config.casino.originalsSettlement.intervalMs));

    const predictableSeeds = config.casino.predictableSeeds;
    const kit = createHostKit({ db: app.db, wallet, now: () => new Date(), predictableSeeds });
    const sharedTables = createSharedTables({ db: app.db, wallet, kit, log: app.log, predictableSeeds });
    app.services.sharedTables = sharedTables;
    const hub = createSharedTableHub({
      listen: app.dbHandle.listen,
      onError: (error) => app.log.error({ err: error }, 'shared table notification failed'),
    });
    app.services.sharedTableHub = hub;
    app.addHook('preClose', async () => hub.close());
    app.jobs.add(sharedTableClockJob(sharedTables, settlement));
  },
  { name: 'originals', dependencies: ['db', 'services', 'jobs', 'providers'] },
);
