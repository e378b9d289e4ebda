import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { ORIGINALS_PROVIDER } from '../providers/provider-wallet-service';
import { createOriginalsService, type OriginalsService } from './originals-service';
import { createWalletClient } from './wallet-client';

declare module '../../plugins/app/services' {
  interface Services {
    originals: OriginalsService;
  }
}

/**
 * The in-house Originals host. It reaches the seamless wallet through the api's own HTTP interface, signed with the
 * Originals provider's secret, as any provider would.
 */
export const originalsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const secret = app.services.providerSecrets[ORIGINALS_PROVIDER];
    if (!secret) throw new Error('The Originals provider has no wallet secret');
    app.services.originals = createOriginalsService({
      db: app.db,
      wallet: createWalletClient({
        provider: ORIGINALS_PROVIDER,
        secret,
        send: async ({ method, url, headers, body }) => {
          const response = await app.inject({ method, url, headers, payload: body });
          return { statusCode: response.statusCode, body: response.body };
        },
      }),
      sessionTtlMs: config.casino.originalsSessionTtlMs,
      demoBalance: config.casino.demoBalance,
    });
  },
  { name: 'originals', dependencies: ['db', 'services', 'providers'] },
);
