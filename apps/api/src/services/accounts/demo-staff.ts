import { inArray } from 'drizzle-orm';
import { schema, type Db } from '@playhouse/db';
import type { StaffRole } from '@playhouse/shared';
import type { AccountService } from './account-service';

/**
 * The demo staff account: only with SEED_DEMO on and DEMO_STAFF_PASSWORD set, so no default password exists. It holds
 * the support and content roles, so a demo site can answer chats and publish its announcement from one account.
 */
export const DEMO_STAFF = { email: 'support@playhouse.example', username: 'support' } as const;

/**
 * The demo back-office team, one account per role (two for finance, marketing and admin: a payout, a campaign and a
 * role grant each need a second person), all with the DEMO_STAFF_PASSWORD. The e2e signs in as these; a demo operator
 * can try each role. Seeding is the operator setting up the demo, like bootstrap-admin: on a real site staff are
 * invited and a second admin approves money roles.
 */
export const DEMO_STAFF_TEAM: readonly { email: string; username: string; staffRoles: StaffRole[] }[] = [
  { ...DEMO_STAFF, staffRoles: ['support', 'content'] },
  { email: 'finance@playhouse.example', username: 'finance', staffRoles: ['finance'] },
  { email: 'finance2@playhouse.example', username: 'finance2', staffRoles: ['finance'] },
  { email: 'risk@playhouse.example', username: 'risk', staffRoles: ['risk'] },
  { email: 'trader@playhouse.example', username: 'trader', staffRoles: ['trader'] },
  { email: 'marketing@playhouse.example', username: 'marketing', staffRoles: ['marketing'] },
  { email: 'marketing2@playhouse.example', username: 'marketing2', staffRoles: ['marketing'] },
  { email: 'content@playhouse.example', username: 'content', staffRoles: ['content'] },
  { email: 'admin@playhouse.example', username: 'admin', staffRoles: ['admin'] },
  { email: 'admin2@playhouse.example', username: 'admin2', staffRoles: ['admin'] },
];

/**
 * Creates the demo staff accounts that do not exist yet, with no second factor: like any new staff account each sets
 * up TOTP on the set-up screen at its first sign-in. A later start with another password leaves them as they are.
 * Answers whether it created any.
 */
export async function ensureDemoStaff(db: Db, accounts: Pick<AccountService, 'createUser'>, password: string) {
  const existing = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(
      inArray(
        schema.users.email,
        DEMO_STAFF_TEAM.map((member) => member.email),
      ),
    );
  const taken = new Set(existing.map((row) => row.email));
  const missing = DEMO_STAFF_TEAM.filter((member) => !taken.has(member.email));
  for (const member of missing) {
    await accounts.createUser({ ...member, password }, { id: null, ip: null, via: 'direct' });
  }
  return missing.length > 0;
}
