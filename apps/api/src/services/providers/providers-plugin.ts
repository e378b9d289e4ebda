import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { PROVIDER_SECRETS_CHANNEL } from './provider-secret-queries';
import { createProviderSecretSnapshot } from './provider-secret-snapshot';
import { createProviderSecretStore, type ProviderSecretStore } from './provider-secret-store';
import { createProviderWalletService, ORIGINALS_PROVIDER, type ProviderWalletService } from './provider-wallet-service';

declare module '../../plugins/app/services' {
  interface Services {
    providerWallet: ProviderWalletService;
    /** The seamless-wallet secret of each provider, the in-house Originals' included (its host signs with it). */
    providerSecrets: Readonly<Record<string, string>>;
    /** Secrets an admin rotates from the back office, with the grace window of the one replaced. */
    providerSecretStore: ProviderSecretStore;
    /** Wallet calls a minute per provider (signed) and per provider and address (failing their signature). */
    providerCallLimits: { providerCallsPerMinute: number; providerBadCallsPerMinute: number };
  }
}

/** A missed announcement of a rotation is made good this often (a rotated-out secret works through its grace). */
const SECRET_RELOAD_INTERVAL_MS = 60_000;

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
    app.services.providerCallLimits = {
      providerCallsPerMinute: config.casino.providerCallsPerMinute,
      providerBadCallsPerMinute: config.casino.providerBadCallsPerMinute,
    };
    const store = createProviderSecretStore({
      db: app.db,
      envSecrets: secrets,
      secretsKey: config.casino.secretsKey,
      graceMs: config.casino.secretGraceMs,
    });
    const snapshot = createProviderSecretSnapshot({
      envSecrets: secrets,
      load: () => store.acceptedAll(app.db),
      rotatable: config.casino.secretsKey !== undefined,
    });
    // This instance's own rotation takes effect here at once; the others hear of it (LISTEN) or reload soon after.
    app.services.providerSecretStore = {
      ...store,
      rotate: async (...args) => {
        const rotated = await store.rotate(...args);
        await snapshot.reload();
        return rotated;
      },
    };
    let stopListening: (() => Promise<void>) | null = null;
    let timer: NodeJS.Timeout | null = null;
    const reload = () =>
      snapshot.reload().catch((error: unknown) => app.log.warn({ err: error }, 'reloading provider secrets failed'));
    // Without PROVIDER_SECRETS_KEY nothing can be rotated: the environment's secrets are all there is.
    if (config.casino.secretsKey) {
      app.addHook('onReady', async () => {
        await reload();
        timer = setInterval(() => void reload(), SECRET_RELOAD_INTERVAL_MS);
        timer.unref();
        stopListening = await app.dbHandle
          .listen(PROVIDER_SECRETS_CHANNEL, () => void reload())
          .catch((error: unknown) => {
            app.log.warn({ err: error }, 'listening for provider secret rotations failed; reloading every minute');
            return null;
          });
      });
    }
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await stopListening?.().catch((error: unknown) =>
        app.log.warn({ err: error }, 'closing the secrets listener failed'),
      );
    });
    const { sessions } = app.services;
    app.services.providerWallet = createProviderWalletService({
      db: app.db,
      secrets,
      players: app.services.gamePlayer,
      // A game session lives only as long as the site session that launched the game.
      isPlayerSessionLive: (executor, sessionId) => sessions.isLive(sessionId, executor),
      stakes: app.services.stakes,
      acceptedSecrets: (provider) => snapshot.candidates(provider),
      limits: {
        signatureWindowMs: config.casino.signatureWindowMs,
        gameSessionTtlMs: config.casino.gameSessionTtlMs,
        maxWinPerRound: config.casino.maxWinPerRound,
      },
    });
  },
  { name: 'providers', dependencies: ['db', 'services', 'accounts', 'games', 'stakes'] },
);
