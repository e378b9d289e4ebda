import { ServiceUnavailableError } from '../../lib/errors';
import type { AcceptedSecret } from './provider-secret-store';

export type ProviderSecretSnapshot = ReturnType<typeof createProviderSecretSnapshot>;

/**
 * The secrets each provider may sign wallet calls with, held in memory so a call's signature is checked before the
 * database is asked anything: an unsigned flood costs the api no query. The environment's secrets are fixed; the
 * rotated ones (stored encrypted) are loaded at start-up and again whenever a rotation is announced (LISTEN
 * provider_secrets, from any instance) or this instance rotates one, and now and then in case an announcement was
 * missed. A rotated-out secret keeps working until its grace ends, so a reload that comes late fails no call.
 */
export function createProviderSecretSnapshot({
  envSecrets,
  load,
  rotatable,
  now = () => new Date(),
}: {
  envSecrets: Readonly<Record<string, string>>;
  /** Whether secrets can be rotated here (PROVIDER_SECRETS_KEY); if not, the environment's are all there is. */
  rotatable: boolean;
  /** Every provider's stored secrets by slug (a provider with stored secrets no longer takes the environment's). */
  load: () => Promise<Map<string, AcceptedSecret[]>>;
  now?: () => Date;
}) {
  let stored = new Map<string, AcceptedSecret[]>();
  let loaded = !rotatable;

  return {
    async reload(): Promise<void> {
      stored = await load();
      loaded = true;
    },

    /**
     * The secrets a call of `provider` may be signed with now; null when the provider takes no wallet calls. Until
     * the rotated secrets could be read once, calls are refused (503) rather than checked against an outdated secret.
     */
    candidates(provider: string): string[] | null {
      if (!loaded) throw new ServiceUnavailableError('The wallet is starting. Please retry.');
      const rotated = stored.get(provider);
      if (rotated) {
        const at = now().getTime();
        return rotated.filter((row) => row.retiresAt === null || row.retiresAt.getTime() > at).map((row) => row.secret);
      }
      const fromEnv = Object.hasOwn(envSecrets, provider) ? envSecrets[provider] : undefined;
      return fromEnv ? [fromEnv] : null;
    },
  };
}
