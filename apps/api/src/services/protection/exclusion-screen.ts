import type { DbOrTx } from '@playhouse/db';
import type { ExclusionMatch } from '@playhouse/shared';
import { ServiceUnavailableError, errorClass } from '../../lib/errors';
import type { ExclusionRegister } from './exclusion-register';
import { accountsMatching, restrictionsOfPlayers } from './exclusion-queries';
import { identityRow } from './player-queries';
import type { PersonIdentity } from './identity';

/**
 * The one answer to a person the checks refuse, at the confirmation and before a deposit: it says neither why nor
 * which account (no enumeration of who is excluded); staff see the match on the player's page.
 */
export class IdentityCheckError extends errorClass(
  'identity_check_failed',
  'We cannot go on with this account. Please contact our support.',
  403,
) {}

/** Closure reasons that are about gambling itself: such a closure bars the person as an exclusion does. */
const GAMBLING_CLOSURE_REASONS = new Set(['too_much_time', 'too_much_money']);

export interface ScreenResult {
  /** The person's other accounts that are excluded or closed for gambling, with what matched. */
  matches: ExclusionMatch[];
  /** Whether the national register lists the person. */
  nationalRegister: boolean;
}

export type ExclusionScreen = ReturnType<typeof createExclusionScreen>;

/**
 * Self-exclusion across accounts: a person's other accounts are found by the e-mail address as the mailbox sees it,
 * the phone number, or the full name with the date of birth; the person is barred while one of them is
 * self-excluded (in force, or over but not yet come back) or closed for gambling reasons, or while the national
 * register lists them. Asked at registration, at the confirmation and before every deposit.
 */
export function createExclusionScreen({
  register,
  now = () => new Date(),
}: {
  register: ExclusionRegister;
  now?: () => Date;
}) {
  async function accountMatches(
    executor: DbOrTx,
    person: PersonIdentity,
    exceptUserId: number | null,
  ): Promise<ExclusionMatch[]> {
    const found = await accountsMatching(executor, person, exceptUserId);
    if (found.length === 0) return [];
    const current = now();
    const restrictions = await restrictionsOfPlayers(
      executor,
      found.map((row) => row.id),
    );
    const matches: ExclusionMatch[] = [];
    for (const account of found) {
      // Still barring: not come back yet (a return takes effect at returnsAt).
      const barring = restrictions.find(
        (row) =>
          row.userId === account.id &&
          (row.returnsAt === null || row.returnsAt > current) &&
          (row.kind === 'self_exclusion' || (row.kind === 'closure' && GAMBLING_CLOSURE_REASONS.has(row.reason ?? ''))),
      );
      if (!barring) continue;
      matches.push({
        userId: account.id,
        username: account.username,
        on: [
          ...(account.email ? (['email'] as const) : []),
          ...(account.phone ? (['phone'] as const) : []),
          ...(account.nameDob ? (['name_dob'] as const) : []),
        ],
        kind: barring.kind === 'closure' ? 'closure' : 'self_exclusion',
        since: barring.startsAt.toISOString(),
      });
    }
    return matches;
  }

  async function screen(executor: DbOrTx, person: PersonIdentity, exceptUserId: number | null): Promise<ScreenResult> {
    const matches = await accountMatches(executor, person, exceptUserId);
    // A register that cannot answer refuses rather than lets an excluded person through.
    const nationalRegister = await register.listed(person).catch(() => {
      throw new ServiceUnavailableError('The account checks cannot run right now. Please try again later.');
    });
    return { matches, nationalRegister };
  }

  return {
    screen,
    /** Whether the person is barred: an excluded or closed account of theirs, or the national register. */
    barred: (result: ScreenResult) => result.nationalRegister || result.matches.length > 0,

    /** A player's identity as stored, for the checks on an existing account. */
    async identityOf(executor: DbOrTx, userId: number): Promise<PersonIdentity | null> {
      return (await identityRow(executor, userId)) ?? null;
    },
  };
}
