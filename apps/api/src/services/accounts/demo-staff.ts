import { eq } from 'drizzle-orm';
import { schema, type Db } from '@playhouse/db';
import type { AccountService } from './account-service';

/** The demo support account: only with SEED_DEMO on and DEMO_STAFF_PASSWORD set, so no default password exists. */
export const DEMO_STAFF = { email: 'support@playhouse.example', username: 'support' } as const;

/**
 * Creates the demo support account once, with the support role and no second factor: like any new staff account it
 * sets up TOTP on the set-up screen at its first sign-in. A later start with another password leaves it as it is.
 */
export async function ensureDemoStaff(db: Db, accounts: Pick<AccountService, 'createUser'>, password: string) {
  const [existing] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, DEMO_STAFF.email))
    .limit(1);
  if (existing) return false;
  await accounts.createUser(
    { ...DEMO_STAFF, password, staffRoles: ['support'] },
    { id: null, ip: null, via: 'direct' },
  );
  return true;
}
