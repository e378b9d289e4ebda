import { DOCUMENT_REVIEW_STATUSES, DOCUMENT_TYPES, RESTRICTION_KINDS } from '@playhouse/db/schema';
import { z } from 'zod';

/*
 * The stake guard's inputs as `player_stake_guard_state` (migration 0044) writes them: what a placement in one
 * statement decides the guard from (guard.ts, `stakeClearance`) and compares again under its locks.
 */

const instant = z.coerce.date();
const nullableInstant = instant.nullable();

export const stakeGuardState = z.object({
  /** The player's account (null: none, which the guard refuses). */
  user: z.object({ country: z.string().nullable() }).nullable(),
  restrictions: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(RESTRICTION_KINDS),
      duration: z.string().nullable(),
      startsAt: instant,
      endsAt: nullableInstant,
      returnRequestedAt: nullableInstant,
      returnsAt: nullableInstant,
    }),
  ),
  documents: z.array(
    z.object({
      id: z.string(),
      type: z.enum(DOCUMENT_TYPES),
      status: z.enum(DOCUMENT_REVIEW_STATUSES),
      uploadedAt: instant,
    }),
  ),
  /** The player's own reality-check interval (null: none chosen, the profile's default; 0: off). */
  realityCheckMinutes: z.number().nullable(),
  /** The stake's session with its last answered check (null: no such session of the player). */
  session: z.object({ id: z.number(), startedAt: instant, acknowledgedAt: nullableInstant }).nullable(),
  /** The loss and wager limits in force (an amount set). */
  limits: z.array(z.object({ kind: z.string(), period: z.string(), amount: z.string() })),
});

export type StakeGuardState = z.infer<typeof stakeGuardState>;

/** The guard state's text parsed; undefined when it is not the shape this api knows (the pipeline decides then). */
export function parseStakeGuardState(text: string): StakeGuardState | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = stakeGuardState.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
