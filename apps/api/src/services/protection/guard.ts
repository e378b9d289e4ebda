import type { DbOrTx } from '@playhouse/db';
import {
  VERIFICATION_GATES,
  type DocumentType,
  type JurisdictionProfile,
  type VerificationGate,
} from '@playhouse/shared';
import { UnauthorizedError } from '../auth/auth-errors';
import { statusesOf, type DocumentsService } from './documents-service';
import { IdentityCheckError, type ExclusionScreen } from './exclusion-screen';
import { gateDocuments, type Jurisdictions } from './jurisdictions';
import type { LimitsService } from './limits-service';
import { playerRefRow } from './player-queries';
import { LimitsRequiredError, VerificationRequiredError } from './protection-errors';
import type { ProtectionClock } from './protection-clock';
import { realityCheckDueAt, realityCheckInterval, type RealityCheckService } from './reality-check-service';
import { restrictionStatus, type RestrictionsService } from './restrictions-service';
import { parseStakeGuardState } from './stake-clearance';

export interface PlayerRef {
  id: number;
  currency: string;
  country: string | null;
}

export type ProtectionGuard = ReturnType<typeof createProtectionGuard>;

/**
 * That `assertCanStake` lets a stake through on the inputs read, for as long as they stay as read and, when a reality
 * check will fall due, for `msLeft` more milliseconds (null: no such time).
 */
export interface StakeClearance {
  msLeft: number | null;
}

/**
 * The checks money and play pass through: one function per action, each runnable inside the action's own
 * transaction. A refusal is an AppError whose code and fields the web turns into a translated message.
 */
export function createProtectionGuard({
  jurisdictions,
  limits,
  restrictions,
  realityChecks,
  documents,
  clock,
  exclusions,
}: {
  jurisdictions: Jurisdictions;
  limits: LimitsService;
  restrictions: RestrictionsService;
  realityChecks: RealityCheckService;
  documents: DocumentsService;
  clock: ProtectionClock;
  exclusions: ExclusionScreen;
}) {
  async function player(executor: DbOrTx, userId: number): Promise<PlayerRef> {
    const row = await playerRefRow(executor, userId);
    if (!row) throw new UnauthorizedError();
    return row;
  }

  /** Documents still missing for each gate of the player's profile. */
  async function missingByGate(executor: DbOrTx, user: PlayerRef): Promise<Record<VerificationGate, DocumentType[]>> {
    const profile = jurisdictions.forCountry(user.country);
    const statuses = await documents.statuses(executor, user.id);
    return Object.fromEntries(
      VERIFICATION_GATES.map((gate) => [
        gate,
        gateDocuments(profile, gate).filter((type) => statuses[type] !== 'verified'),
      ]),
    ) as Record<VerificationGate, DocumentType[]>;
  }

  async function assertVerified(executor: DbOrTx, user: PlayerRef, gate: VerificationGate) {
    const profile = jurisdictions.forCountry(user.country);
    if (gateDocuments(profile, gate).length === 0) return;
    const missing = (await missingByGate(executor, user))[gate];
    if (missing.length > 0) throw new VerificationRequiredError(gate, missing);
  }

  return {
    player,
    missingByGate,
    profileOf: (country: string | null | undefined): JurisdictionProfile => jurisdictions.forCountry(country),

    /**
     * Before a deposit is created: no break in force, no other account of the person excluded or closed for gambling
     * and not on the national register, verified where the profile asks, within the deposit limits.
     */
    async assertCanDeposit(tx: DbOrTx, userId: number, amount: bigint) {
      const user = await player(tx, userId);
      await restrictions.assertFree(tx, user.id);
      const identity = await exclusions.identityOf(tx, user.id);
      if (identity && exclusions.barred(await exclusions.screen(tx, identity, user.id))) {
        throw new IdentityCheckError();
      }
      await assertVerified(tx, user, 'deposit');
      if (jurisdictions.forCountry(user.country).limitsRequiredAtRegistration) {
        if (!(await limits.hasDepositLimit(tx, user.id))) throw new LimitsRequiredError();
      }
      await limits.assertDeposit(tx, user, amount, clock.now());
    },

    /**
     * Before a stake moves money (a sports bet, a casino round): no break, verified for real play, no reality check
     * waiting for an answer, within the loss and wager limits. Runs inside the stake's transaction; the limit rows are
     * locked there so two stakes of one player are checked one after the other. A preview (`lock: false`) asks the
     * same questions and only reads.
     */
    async assertCanStake(
      tx: DbOrTx,
      userId: number,
      amount: bigint,
      options: { sessionId?: number | null; lock?: boolean } = {},
    ) {
      const user = await player(tx, userId);
      await restrictions.assertFree(tx, user.id);
      await assertVerified(tx, user, 'realPlay');
      await realityChecks.assertNotDue(tx, user.id, options.sessionId ?? null, jurisdictions.forCountry(user.country));
      await limits.assertStake(tx, user, amount, clock.now(), { lock: options.lock ?? true });
    },

    /**
     * Whether `assertCanStake` lets a stake of the player through, decided from its inputs as
     * `player_stake_guard_state` (migration 0044) wrote them in one read, with the guard's own rules: no time-out,
     * self-exclusion or closure counting (`restrictionStatus`), verified for real play where the profile asks
     * (`statusesOf`), no reality check due (`realityCheckInterval`, `realityCheckDueAt`), and no loss or wager limit in
     * force (a limit's windows are the guard's to sum: such a player's stake is never cleared here). Null: not cleared
     * (refused, or left to the guard itself). A placement in one statement compares the text again under its locks.
     */
    stakeClearance(stateText: string, userId: number): StakeClearance | null {
      const state = parseStakeGuardState(stateText);
      if (!state?.user || state.limits.length > 0) return null;
      const now = clock.now(userId);
      if (restrictionStatus(state.restrictions, now).state !== 'active') return null;
      const profile = jurisdictions.forCountry(state.user.country);
      const gate = gateDocuments(profile, 'realPlay');
      if (gate.length > 0) {
        const statuses = statusesOf(state.documents);
        if (gate.some((type) => statuses[type] !== 'verified')) return null;
      }
      const interval = realityCheckInterval(state.realityCheckMinutes, profile);
      const dueAt = state.session ? realityCheckDueAt(state.session, interval) : null;
      if (dueAt && dueAt.getTime() <= now.getTime()) return null;
      return { msLeft: dueAt ? dueAt.getTime() - now.getTime() : null };
    },

    /** Before a game opens: real money as for a stake (without the amount); demo as the profile says. */
    async assertCanLaunch(executor: DbOrTx, userId: number | null, mode: 'real' | 'demo') {
      if (userId === null) {
        if (mode === 'demo' && jurisdictions.active.demoNeedsAgeVerification) {
          throw new VerificationRequiredError('demoPlay', ['identity']);
        }
        return;
      }
      const user = await player(executor, userId);
      await restrictions.assertFree(executor, user.id);
      await assertVerified(executor, user, mode === 'real' ? 'realPlay' : 'demoPlay');
      if (mode === 'real') {
        await realityChecks.assertNotDue(executor, user.id, null, jurisdictions.forCountry(user.country));
      }
    },

    /** Withdrawals stay open during a break (the balance is the player's); only verification can hold them. */
    async assertCanWithdraw(executor: DbOrTx, userId: number) {
      await assertVerified(executor, await player(executor, userId), 'withdrawal');
    },

    /** Whether bonus offers and marketing may reach the player (never during a break). */
    async bonusesAllowed(executor: DbOrTx, userId: number): Promise<boolean> {
      const status = await restrictions.status(executor, userId);
      return status.state === 'active';
    },
  };
}
