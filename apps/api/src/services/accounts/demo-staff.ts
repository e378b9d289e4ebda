import { eq } from 'drizzle-orm';
import { schema, type Db } from '@playhouse/db';
import type { AccountService } from './account-service';

/**
 * The demo staff account: only with SEED_DEMO on and DEMO_STAFF_PASSWORD set, so no default password exists. It holds
 * the support and content roles, so a demo site can answer chats and publish its announcement from one account.
 */
export const DEMO_STAFF = { email: 'support@playhouse.example', username: 'support' } as const;

/**
 * Creates the demo staff account once, with the support and content roles and no second factor: like any new staff account it
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
    { ...DEMO_STAFF, password, staffRoles: ['support', 'content'] },
    { id: null, ip: null, via: 'direct' },
  );
  return true;
}
