import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { schema, type Db } from '@playhouse/db';
import type { StaffRole } from '@playhouse/shared';
import type { buildApp } from '../../src/app';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { newTotpSecret } from '../../src/services/staff/totp';

const SITE_ORIGIN = 'http://localhost:3000';

export interface StaffCaller {
  id: number;
  email: string;
  username: string;
  roles: StaffRole[];
  /** The staff member's TOTP secret (base32), for signing in through /spa/auth/staff. */
  totpSecret: string;
  /** Cookie (a session that passed the second factor) and Origin, as the back office sends them. */
  headers: { cookie: string; origin: string };
}

let sequence = 0;

/**
 * A staff member with `roles`, a TOTP secret set up and a live staff session, created directly: for tests about what
 * staff do, not about how they sign in (staff-auth.test.ts covers that).
 */
export async function staffCaller(
  t: { app: Awaited<ReturnType<typeof buildApp>>; db: Db },
  roles: StaffRole[],
  options: { name?: string; password?: string } = {},
): Promise<StaffCaller> {
  sequence += 1;
  const username = options.name ?? `staff_${sequence}_${randomUUID().slice(0, 6)}`;
  const email = `${username}@staff.example.test`;
  const totpSecret = newTotpSecret();
  let user: { id: number } | undefined;
  if (options.password) {
    user = await t.app.services.accounts.createUser(
      { email, username, password: options.password, staffRoles: roles },
      { id: null, ip: null, via: 'direct' },
    );
    await t.db
      .update(schema.staffMembers)
      .set({ totpSecret, totpEnabledAt: new Date() })
      .where(eq(schema.staffMembers.userId, user.id));
  } else {
    [user] = await t.db
      .insert(schema.users)
      .values({ email, username, passwordHash: 'not-used-by-this-test', currency: 'EUR', role: 'staff' })
      .returning({ id: schema.users.id });
    await t.db.insert(schema.staffMembers).values({ userId: user!.id, roles, totpSecret, totpEnabledAt: new Date() });
  }
  const session = await t.app.services.sessions.create(
    t.db,
    user!.id,
    { ip: '127.0.0.1', userAgent: 'vitest' },
    { staff: true },
  );
  return {
    id: user!.id,
    email,
    username,
    roles,
    totpSecret,
    headers: { cookie: `${SESSION_COOKIE}=${session.token}`, origin: SITE_ORIGIN },
  };
}

/** The current code of a TOTP secret, as the staff member's authenticator app shows it. */
export function totpCode(secret: string, at = new Date()): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}
