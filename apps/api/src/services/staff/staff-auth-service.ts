import type { Db } from '@playhouse/db';
import type { LoginBody, StaffSignInStep } from '@playhouse/shared';
import { hashToken } from '../../lib/token-hash';
import type { WindowLimit } from '../../config';
import { RateLimitError } from '../../lib/errors';
import type { AccountService, ClientInfo } from '../accounts/account-service';
import { findUserById } from '../accounts/account-queries';
import { recordAudit } from '../audit/audit-log';
import { InvalidCredentialsError } from '../auth/auth-errors';
import { clearCounter, hitCounter, secondsUntil } from '../rate-counters/rate-counters';
import { newOpaqueToken, type NewSession, type SessionService, type SessionUser } from '../auth/session-service';
import { InvalidTotpCodeError, StaffSignInExpiredError, StaffSignInStepError } from './staff-errors';
import {
  deleteSignIn,
  findLiveSignIn,
  findStaffMember,
  insertSignIn,
  pendingTotpSecret,
  setSignInFailures,
  updateStaffMember,
} from './staff-queries';
import { newTotpSecret, totpUri, verifyTotp } from './totp';

/** The cookie that carries a staff sign-in between the password and the second factor (never a session). */
export const STAFF_SIGN_IN_COOKIE = 'ph_staff_sign_in';

export interface StaffSignInStarted {
  /** The `ph_staff_sign_in` cookie's value: it names this sign-in until the second factor completes it. */
  token: string;
  step: StaffSignInStep;
  expiresAt: Date;
}

export type StaffAuthService = ReturnType<typeof createStaffAuthService>;

/**
 * Staff sign in in two steps: the password opens a short-lived sign-in (never a session), then a TOTP code from the
 * staff member's authenticator app turns it into a session. A staff member without a second factor yet must set one
 * up in that second step (the set-up screen: a new secret as QR code and text, confirmed by a code), before anything
 * else.
 */
export function createStaffAuthService({
  db,
  accounts,
  sessions,
  signInTtlMs,
  maxAttempts,
  codeLimit,
  now = () => new Date(),
}: {
  db: Db;
  accounts: Pick<AccountService, 'checkCredentials'>;
  sessions: SessionService;
  signInTtlMs: number;
  /** Wrong codes one sign-in takes before it must start again with the password. */
  maxAttempts: number;
  /** Codes tried per staff account and window, whichever sign-in they come from. */
  codeLimit: WindowLimit;
  now?: () => Date;
}) {
  /** The password step: the same answers as the player login for a wrong password or an unknown login. */
  async function start(body: LoginBody, client: ClientInfo): Promise<StaffSignInStarted> {
    const user = await accounts.checkCredentials(body, client);
    const member = user.role === 'staff' ? await findStaffMember(db, user.id) : null;
    if (!member) {
      await recordAudit(db, {
        event: 'login_failed',
        userId: user.id,
        ip: client.ip,
        metadata: { reason: 'not_staff' },
      });
      throw new InvalidCredentialsError();
    }
    const token = newOpaqueToken();
    const current = now();
    const step: StaffSignInStep = member.totpSecret ? 'totp' : 'totp_setup';
    await insertSignIn(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      step,
      ip: client.ip,
      now: current,
      ttlMs: signInTtlMs,
    });
    return { token, step, expiresAt: new Date(current.getTime() + signInTtlMs) };
  }

  async function liveSignIn(token: string | undefined) {
    const signIn = token ? await findLiveSignIn(db, hashToken(token), now()) : null;
    if (!signIn) throw new StaffSignInExpiredError();
    return signIn;
  }

  /** Which step a sign-in is at (the web shows the matching screen after a reload). */
  async function step(token: string | undefined): Promise<StaffSignInStep> {
    return (await liveSignIn(token)).step;
  }

  /**
   * The set-up screen's secret: the same one until a code confirms it (a reload shows the same QR code), a new one
   * for each staff member who has none.
   */
  async function setupSecret(token: string | undefined): Promise<{ secret: string; uri: string; account: string }> {
    const signIn = await liveSignIn(token);
    if (signIn.step !== 'totp_setup') throw new StaffSignInStepError('totp');
    const user = await findUserById(db, signIn.userId);
    if (!user) throw new StaffSignInExpiredError();
    const secret = await pendingTotpSecret(db, signIn.userId, newTotpSecret());
    if (!secret) throw new StaffSignInExpiredError();
    return { secret, uri: totpUri(secret, user.email), account: user.email };
  }

  /**
   * The second step: a code from the app (for a set-up, from the secret just shown, which is then the account's).
   * A good code is used up and starts a staff session; wrong ones count against the sign-in and the account.
   */
  async function complete(
    token: string | undefined,
    code: string,
    client: ClientInfo,
  ): Promise<{ user: SessionUser; session: NewSession }> {
    const signIn = await liveSignIn(token);
    const counterKey = `staff-totp:${signIn.userId}`;
    const current = now();
    const attempts = await hitCounter(db, counterKey, codeLimit.windowMs, current);
    if (attempts.count > codeLimit.max) throw new RateLimitError(secondsUntil(attempts.resetAt, current));

    const outcome = await db.transaction(async (tx) => {
      const locked = await findLiveSignIn(tx, signIn.tokenHash, current, true);
      if (!locked) return { kind: 'expired' } as const;
      const member = await findStaffMember(tx, locked.userId, true);
      const user = await findUserById(tx, locked.userId);
      if (!member || !user || user.status !== 'active' || user.role !== 'staff') {
        await deleteSignIn(tx, locked.id);
        return { kind: 'expired' } as const;
      }
      const settingUp = locked.step === 'totp_setup' && member.totpSecret === null;
      const secret = settingUp ? member.totpPendingSecret : member.totpSecret;
      if (!secret) return { kind: 'step', expected: 'totp_setup' } as const;
      const step = await verifyTotp(secret, code, member.totpLastStep, current);
      if (step === null) {
        const failed = locked.failedAttempts + 1;
        if (failed >= maxAttempts) await deleteSignIn(tx, locked.id);
        else await setSignInFailures(tx, locked.id, failed);
        await recordAudit(tx, {
          event: 'login_failed',
          userId: user.id,
          ip: client.ip,
          metadata: { reason: 'invalid_totp', step: locked.step },
        });
        return { kind: 'wrong' } as const;
      }
      await updateStaffMember(tx, user.id, {
        totpLastStep: step,
        ...(settingUp ? { totpSecret: secret, totpPendingSecret: null, totpEnabledAt: current } : {}),
      });
      await deleteSignIn(tx, locked.id);
      const session = await sessions.create(tx, user.id, client, { staff: true });
      if (settingUp) {
        await recordAudit(tx, {
          event: 'staff_totp_enabled',
          userId: user.id,
          actorId: user.id,
          ip: client.ip,
          before: { totpEnabled: false },
          after: { totpEnabled: true },
          at: current,
        });
      }
      await recordAudit(tx, {
        event: 'login',
        userId: user.id,
        ip: client.ip,
        metadata: { sessionId: session.sessionId, secondFactor: 'totp' },
        at: current,
      });
      const { passwordHash: _passwordHash, ...sessionUser } = user;
      return { kind: 'ok', user: sessionUser, session } as const;
    });
    if (outcome.kind === 'expired') throw new StaffSignInExpiredError();
    if (outcome.kind === 'step') throw new StaffSignInStepError(outcome.expected);
    if (outcome.kind === 'wrong') throw new InvalidTotpCodeError();
    await clearCounter(db, counterKey);
    return { user: outcome.user, session: outcome.session };
  }

  /**
   * A code entered again in a live staff session (money and roles need one a moment old): checked against the
   * member's secret like a sign-in's (used once, counted against the account's code limit), then the session's
   * second factor is fresh. Wrong codes are audited; they never end the session.
   */
  async function reverify(
    session: { userId: number; sessionId: number },
    code: string,
    client: ClientInfo,
  ): Promise<{ secondFactorAt: Date }> {
    const counterKey = `staff-totp:${session.userId}`;
    const current = now();
    const attempts = await hitCounter(db, counterKey, codeLimit.windowMs, current);
    if (attempts.count > codeLimit.max) throw new RateLimitError(secondsUntil(attempts.resetAt, current));
    const verified = await db.transaction(async (tx) => {
      const member = await findStaffMember(tx, session.userId, true);
      if (!member?.totpSecret) return false;
      const step = await verifyTotp(member.totpSecret, code, member.totpLastStep, current);
      if (step !== null) {
        await updateStaffMember(tx, session.userId, { totpLastStep: step });
        await sessions.markSecondFactor(tx, session.sessionId, current);
      }
      await recordAudit(tx, {
        event: step === null ? 'staff_second_factor_failed' : 'staff_second_factor',
        userId: session.userId,
        actorId: session.userId,
        ip: client.ip,
        metadata: { sessionId: session.sessionId },
        at: current,
      });
      return step !== null;
    });
    if (!verified) throw new InvalidTotpCodeError();
    await clearCounter(db, counterKey);
    return { secondFactorAt: current };
  }

  return { start, step, setupSecret, complete, reverify };
}
