import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createProviderSecretStore, type ProviderSecretStore } from './provider-secret-store';
import { createProviderWalletService, ORIGINALS_PROVIDER, type ProviderWalletService } from './provider-wallet-service';

declare module '../../plugins/app/services' {
  interface Services {
    providerWallet: ProviderWalletService;
    /** The seamless-wallet secret of each provider, the in-house Originals' included (its host signs with it). */
    providerSecrets: Readonly<Record<string, string>>;
    /** Secrets an admin rotates from the back office, with the grace window of the one replaced. */
    providerSecretStore: ProviderSecretStore;
  }
}

/**
 * The game providers' seamless wallet. A provider is open to wallet calls only with a secret; the in-house Originals
 * provider gets a random one per process when PROVIDER_SECRET_ORIGINALS is unset.
 */
export const providersPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const secrets = { ...config.casino.providerSecrets };
    if (!secrets[ORIGINALS_PROVIDER]) {
      secrets[ORIGINALS_PROVIDER] = randomBytes(32).toString('hex');
      app.log.warn(
        {},
        'PROVIDER_SECRET_ORIGINALS is not set: using a random one for this process; set it when more than one api instance runs',
      );
    }
    app.services.providerSecrets = secrets;
    const store = createProviderSecretStore({
      db: app.db,
      envSecrets: secrets,
      secretsKey: config.casino.secretsKey,
      graceMs: config.casino.secretGraceMs,
    });
    app.services.providerSecretStore = store;
    const { sessions } = app.services;
    app.services.providerWallet = createProviderWalletService({
      db: app.db,
      secrets,
      players: app.services.gamePlayer,
      // A game session lives only as long as the site session that launched the game.
      isPlayerSessionLive: (executor, sessionId) => sessions.isLive(sessionId, executor),
      stakes: app.services.stakes,
      acceptedSecrets: (executor, provider) => store.accepted(executor, provider),
      limits: {
        signatureWindowMs: config.casino.signatureWindowMs,
        gameSessionTtlMs: config.casino.gameSessionTtlMs,
        maxWinPerRound: config.casino.maxWinPerRound,
      },
    });
  },
  { name: 'providers', dependencies: ['db', 'services', 'accounts', 'games', 'stakes'] },
);
