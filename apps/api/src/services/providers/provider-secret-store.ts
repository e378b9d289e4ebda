import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '@playhouse/db';
import { errorClass } from '../../lib/errors';
import { recordAudit } from '../audit/audit-log';
import type { StaffActor } from '../staff/staff-queries';
import { ORIGINALS_PROVIDER } from './provider-wallet-service';
import {
  allLiveSecretRows,
  announceSecretChange,
  hasStoredSecrets,
  insertSecret,
  lockProvider,
  retireCurrentSecrets,
  slugsWithStoredSecrets,
} from './provider-secret-queries';

/** A secret a provider may sign with, and until when (null: while it is current). */
export interface AcceptedSecret {
  secret: string;
  retiresAt: Date | null;
}

export class SecretStoreUnavailableError extends errorClass(
  'secret_store_unavailable',
  'Provider secrets cannot be rotated here: PROVIDER_SECRETS_KEY is not set.',
  409,
) {}

export class SecretNotRotatableError extends errorClass(
  'secret_not_rotatable',
  "The in-house games' secret is set in the environment (PROVIDER_SECRET_ORIGINALS).",
  409,
) {}

export class ProviderMissingError extends errorClass('provider_not_found', 'There is no such provider.', 404) {}

/** AES-256-GCM under a key derived from PROVIDER_SECRETS_KEY: iv.tag.ciphertext, base64url each. */
function keyOf(secretsKey: string): Buffer {
  return createHash('sha256').update(`playhouse provider secrets\u0000${secretsKey}`).digest();
}

export function sealSecret(secretsKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretsKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(secretsKey: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretsKey), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

export type ProviderSecretStore = ReturnType<typeof createProviderSecretStore>;

/**
 * Provider secrets an admin rotates from the back office. A rotation makes a new random secret current (shown once,
 * stored encrypted, never logged or audited) and keeps the one it replaces, the environment's included, accepted for
 * the grace window. Once a provider has stored secrets, its calls are checked against those only.
 */
export function createProviderSecretStore({
  db,
  envSecrets,
  secretsKey,
  graceMs,
  now = () => new Date(),
}: {
  db: Db;
  envSecrets: Readonly<Record<string, string>>;
  secretsKey: string | undefined;
  graceMs: number;
  now?: () => Date;
}) {
  return {
    /**
     * Every provider's stored secrets, opened, by slug: each provider that ever had one stored is in the map (with an
     * empty list once they all retired); one not in it signs with the environment's secret.
     */
    async acceptedAll(executor: DbOrTx): Promise<Map<string, AcceptedSecret[]>> {
      const accepted = new Map<string, AcceptedSecret[]>();
      if (!secretsKey) return accepted;
      for (const slug of await slugsWithStoredSecrets(executor)) accepted.set(slug, []);
      for (const row of await allLiveSecretRows(executor, now())) {
        accepted.get(row.slug)?.push({ secret: openSecret(secretsKey, row.ciphertext), retiresAt: row.retiresAt });
      }
      return accepted;
    },

    /** Makes a new secret current; answers it (the only time it is shown) and until when the old one still works. */
    async rotate(providerId: number, actor: StaffActor): Promise<{ secret: string; graceUntil: string }> {
      if (!secretsKey) throw new SecretStoreUnavailableError();
      return db.transaction(async (tx) => {
        const provider = await lockProvider(tx, providerId);
        if (!provider) throw new ProviderMissingError();
        if (provider.slug === ORIGINALS_PROVIDER) throw new SecretNotRotatableError();
        const at = now();
        const graceUntil = new Date(at.getTime() + graceMs);
        const retired = await retireCurrentSecrets(tx, provider.id, graceUntil);
        const fromEnv = envSecrets[provider.slug];
        if (retired === 0 && fromEnv && !(await hasStoredSecrets(tx, provider.slug))) {
          // The environment's secret becomes the rotated-out one, accepted through the grace window like any other.
          await insertSecret(tx, {
            providerId: provider.id,
            ciphertext: sealSecret(secretsKey, fromEnv),
            createdAt: at,
            retiresAt: graceUntil,
          });
        }
        const secret = randomBytes(32).toString('hex');
        await insertSecret(tx, {
          providerId: provider.id,
          ciphertext: sealSecret(secretsKey, secret),
          createdBy: actor.id,
          createdAt: new Date(at.getTime() + 1),
        });
        await announceSecretChange(tx, provider.slug);
        await recordAudit(tx, {
          event: 'staff_casino_rotate_provider_secret',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { providerId: provider.id, slug: provider.slug },
          after: { graceUntil: graceUntil.toISOString() },
          at,
        });
        return { secret, graceUntil: graceUntil.toISOString() };
      });
    },
  };
}
