import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import { providerSecrets, providers } from '@playhouse/db/schema';

/** The stored secrets a provider's calls may be signed with at `now`: the current one and any still in its grace. */
export async function liveSecretRows(db: DbOrTx, slug: string, now: Date) {
  return db
    .select({ ciphertext: providerSecrets.ciphertext, retiresAt: providerSecrets.retiresAt })
    .from(providerSecrets)
    .innerJoin(providers, eq(providers.id, providerSecrets.providerId))
    .where(and(eq(providers.slug, slug), or(isNull(providerSecrets.retiresAt), gt(providerSecrets.retiresAt, now))))
    .orderBy(desc(providerSecrets.createdAt), desc(providerSecrets.id));
}

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
