import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import { emailKey, nameKey, type PersonIdentity } from './identity';
import type { RestrictionRow } from './restrictions-queries';

const { users, playerRestrictions } = schema;

/** The exclusion screen's SQL: a person's other accounts and their restrictions. */

/**
 * Players' accounts (50 at most, `exceptUserId` left out) that match a person by the e-mail address as the mailbox
 * sees it, the phone number, or the full name with the date of birth; each says which matched.
 */
export async function accountsMatching(executor: DbOrTx, person: PersonIdentity, exceptUserId: number | null) {
  const name = nameKey(person.fullName);
  const byEmail = eq(users.emailKey, emailKey(person.email));
  const byPhone = person.phone ? eq(users.phone, person.phone) : undefined;
  const byName =
    name && person.dateOfBirth ? and(eq(users.nameKey, name), eq(users.dateOfBirth, person.dateOfBirth)) : undefined;
  const anyOf = [byEmail, byPhone, byName].filter((condition): condition is SQL => condition !== undefined);
  return executor
    .select({
      id: users.id,
      username: users.username,
      email: sql<boolean>`${byEmail}`,
      phone: byPhone ? sql<boolean>`${byPhone}` : sql<boolean>`false`,
      nameDob: byName ? sql<boolean>`coalesce(${byName}, false)` : sql<boolean>`false`,
    })
    .from(users)
    .where(and(eq(users.role, 'player'), or(...anyOf), exceptUserId === null ? undefined : ne(users.id, exceptUserId)))
    .limit(50);
}

/** The restrictions of some players. */
export function restrictionsOfPlayers(executor: DbOrTx, userIds: number[]): Promise<RestrictionRow[]> {
  return executor.select().from(playerRestrictions).where(inArray(playerRestrictions.userId, userIds));
}
