import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import { providerSecrets, providers } from '@playhouse/db/schema';

/** Whether the provider ever had a secret stored (then the environment's secret no longer counts). */
export async function hasStoredSecrets(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: providerSecrets.id })
    .from(providerSecrets)
    .innerJoin(providers, eq(providers.id, providerSecrets.providerId))
    .where(eq(providers.slug, slug))
    .limit(1);
  return row !== undefined;
}

export async function lockProvider(db: DbOrTx, id: number) {
  const [row] = await db.select().from(providers).where(eq(providers.id, id)).for('update');
  return row;
}

/** Starts the grace window of the provider's current secret(s). */
export async function retireCurrentSecrets(db: DbOrTx, providerId: number, retiresAt: Date): Promise<number> {
  const rows = await db
    .update(providerSecrets)
    .set({ retiresAt })
    .where(and(eq(providerSecrets.providerId, providerId), isNull(providerSecrets.retiresAt)))
    .returning({ id: providerSecrets.id });
  return rows.length;
}

export async function insertSecret(db: DbOrTx, values: typeof providerSecrets.$inferInsert): Promise<void> {
  await db.insert(providerSecrets).values(values);
}

/** Every stored secret of every provider that may still sign a call at `now`, with the provider's slug. */
export async function allLiveSecretRows(db: DbOrTx, now: Date) {
  return db
    .select({ slug: providers.slug, ciphertext: providerSecrets.ciphertext, retiresAt: providerSecrets.retiresAt })
    .from(providerSecrets)
    .innerJoin(providers, eq(providers.id, providerSecrets.providerId))
    .where(or(isNull(providerSecrets.retiresAt), gt(providerSecrets.retiresAt, now)))
    .orderBy(desc(providerSecrets.createdAt), desc(providerSecrets.id));
}

/** The slugs of the providers that ever had a secret stored (for them the environment's secret no longer counts). */
export async function slugsWithStoredSecrets(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ slug: providers.slug })
    .from(providerSecrets)
    .innerJoin(providers, eq(providers.id, providerSecrets.providerId));
  return rows.map((row) => row.slug);
}

/** Tells every api instance (LISTEN provider_secrets) that a provider's secrets changed, when the transaction commits. */
export async function announceSecretChange(db: DbOrTx, slug: string): Promise<void> {
  await db.execute(sql`select pg_notify(${PROVIDER_SECRETS_CHANNEL}, ${slug})`);
}

export const PROVIDER_SECRETS_CHANNEL = 'provider_secrets';
