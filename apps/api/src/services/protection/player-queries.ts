import { eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { PersonIdentity } from './identity';

const { users } = schema;

/** What player protection reads of an account: its currency and country, identity and time zone. */

/** A player's id, currency and country. */
export async function playerRefRow(executor: DbOrTx, userId: number) {
  const [row] = await executor
    .select({ id: users.id, currency: users.currency, country: users.country })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A player's identity as stored. */
export async function identityRow(executor: DbOrTx, userId: number): Promise<PersonIdentity | undefined> {
  const [row] = await executor
    .select({ email: users.email, phone: users.phone, fullName: users.fullName, dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function timezoneOf(executor: DbOrTx, userId: number): Promise<string | undefined> {
  const [user] = await executor.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return user?.timezone ?? undefined;
}
