import type { Db, Tx } from '@playhouse/db';
import {
  CAPTCHA_MAX_LEVEL,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  EARLIEST_BIRTH_DATE,
  isAdult,
  isLocale,
  isRequiredProfileTab,
  PROFILE_TABS,
  type LoginBody,
  type OddType,
  type ProfileTab,
  type PasswordChangeBody,
  type PasswordRecoveryBody,
  type PasswordResetBody,
  type RegisterBody,
  type RegistrationConfirmBody,
  type StaffRole,
  type TabDisplaySettings,
} from '@playhouse/shared';
import { hashToken } from '../../lib/token-hash';
import { RateLimitError, ValidationError, errorClass } from '../../lib/errors';
import type { LocaleContext } from '../../lib/localize';
import { ensureAccount } from '../wallet/wallet-service';
import { CaptchaRequiredError, type CaptchaService } from '../captcha/captcha-service';
import { AccountBlockedError, InvalidCredentialsError } from '../auth/auth-errors';
import type { PasswordHasher } from '../auth/password-hasher';
import type { WindowLimit } from '../../config';
import { clearCounter, hitCounter, peekCounter, pruneCounters, secondsUntil } from '../rate-counters/rate-counters';
import { newOpaqueToken, type NewSession, type SessionService, type SessionUser } from '../auth/session-service';
import type { AccountEmails } from './account-emails';
import { InvalidTokenError, StaffSignInRequiredError, UsernameTakenError, WrongPasswordError } from './account-errors';
import {
  consumeResetToken,
  deletePendingRegistration,
  insertPendingRegistration,
  lockPendingRegistration,
  pruneExpiredPendingRegistrations,
  findLiveResetToken,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertResetToken,
  insertStaffMember,
  insertUser,
  retireResetTokens,
  updateHiddenProfileTabs,
  updateOddType,
  updatePassword,
  updateTimezone,
  upsertFingerprint,
  usernameTaken,
  type UserRow,
} from './account-queries';
import { IdentityCheckError, type ExclusionScreen } from '../protection/exclusion-screen';
import { nameKey } from '../protection/identity';
import { recordAudit } from '../audit/audit-log';
import { normalizePhone } from './phone';

/** Limits the api enforces per account or address (per-IP request limits sit on the routes). */
export interface AccountLimits {
  loginFailuresPerAccount: WindowLimit;
  loginCaptchaPerAccount: WindowLimit;
  loginCaptchaPerAddress: WindowLimit;
  recoveryPerEmail: WindowLimit;
}

/**
 * The captcha level a sign-in try must carry (null: none), from the account's tries since its last sign-in (this
 * one included) and the address's failures: free up to each limit, then doubling per further try, up to the most.
 */
export function signInCaptchaLevel(
  accountTries: number,
  addressFailures: number,
  limits: Pick<AccountLimits, 'loginCaptchaPerAccount' | 'loginCaptchaPerAddress'>,
): number | null {
  const overAccount = accountTries - limits.loginCaptchaPerAccount.max;
  const overAddress = addressFailures - limits.loginCaptchaPerAddress.max + 1;
  const over = Math.max(overAccount, overAddress);
  return over > 0 ? Math.min(CAPTCHA_MAX_LEVEL, over - 1) : null;
}

/** How long a registration's confirmation link works. */
export const REGISTRATION_CONFIRM_HOURS = 24;

/** Who is asking: kept in sessions and the audit log, and the language their e-mails are written in. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  locale: LocaleContext;
  /** The country the edge's geolocation gave (GEO_IPCOUNTRY through the trusted hop only), when it gave one. */
  country?: string | null;
}

/** A new account: a player, or with `staffRoles` a staff account holding those roles. */
export interface NewAccountInput {
  email: string;
  password: string;
  username?: string | undefined;
  currency?: string | undefined;
  staffRoles?: StaffRole[];
}

export interface SignedIn {
  user: SessionUser;
  session: NewSession;
}

export class UserExistsError extends errorClass(
  'user_exists',
  'A user with this e-mail address or username already exists.',
  409,
) {}

function withoutHash(row: UserRow): SessionUser {
  const { passwordHash: _passwordHash, ...user } = row;
  return user;
}

/** A password that is the account's own e-mail address or username protects nothing. */
function passwordIssue(password: string, identities: string[]): string | null {
  const lowered = password.toLowerCase();
  return identities.some((identity) => identity.toLowerCase() === lowered)
    ? 'The password must not be your e-mail address or username.'
    : null;
}

/** The IANA name Intl knows a time zone by ("europe/kiev" → "Europe/Kyiv" where the runtime says so), or null. */
export function canonicalTimezone(timezone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: timezone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService({
  db,
  hasher,
  sessions,
  emails,
  captcha,
  exclusions,
  limits,
  resetTokenTtlMs,
  now = () => new Date(),
}: {
  db: Db;
  hasher: PasswordHasher;
  sessions: SessionService;
  emails: AccountEmails;
  captcha: CaptchaService;
  exclusions: ExclusionScreen;
  limits: AccountLimits;
  resetTokenTtlMs: number;
  now?: () => Date;
}) {
  /** Counts an attempt against a per-subject window and refuses once it is used up. */
  async function spendAttempt(key: string, limit: WindowLimit): Promise<void> {
    const current = now();
    await pruneCounters(db, current);
    const state = await hitCounter(db, key, limit.windowMs, current);
    if (state.count > limit.max) throw new RateLimitError(secondsUntil(state.resetAt, current));
  }

  function localeOf(user: UserRow, client: ClientInfo): LocaleContext {
    return { locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE, defaultLocale: client.locale.defaultLocale };
  }

  /**
   * Registration answers the same whether the e-mail address is free or taken (no enumeration): a free address gets
   * a confirmation link, and the account is created only when it is used (confirmRegistration); a taken one tells its
   * owner by e-mail. Both do the same work (the password is hashed either way). A few e-mails per address an hour at
   * most: beyond that nothing is sent, and the answer stays the same. A person barred by self-exclusion (another
   * account of theirs, or the national register) gets the same answer too, and a neutral e-mail instead of the link.
   */
  async function register(body: RegisterBody, client: ClientInfo): Promise<void> {
    const issues: Record<string, string> = {};
    const phone = normalizePhone(body.phone);
    if (!phone) issues.phone = 'Enter a valid phone number.';
    if (body.dateOfBirth < EARLIEST_BIRTH_DATE) issues.dateOfBirth = 'Enter your real date of birth.';
    else if (!isAdult(body.dateOfBirth, now())) issues.dateOfBirth = 'You must be at least 18 years old.';
    const weak = passwordIssue(body.password, [body.email, body.username]);
    if (weak) issues.password = weak;
    if (Object.keys(issues).length > 0) throw new ValidationError(issues);

    await captcha.redeem(body.captcha, client.ip ?? '');
    const passwordHash = await hasher.hashPassword(body.password);
    const current = now();
    const email = body.email.trim();
    const mailsLeft = await mailAllowed(`register-mail:${email.toLowerCase()}`);
    const owner = await findUserByEmail(db, email);
    if (owner) {
      await recordAudit(db, {
        event: 'register_failed',
        userId: owner.id,
        ip: client.ip,
        metadata: { reason: 'email_taken' },
      });
      if (mailsLeft) await emails.registrationAttempt(owner.email, localeOf(owner, client));
      return;
    }
    const person = { email, phone, fullName: body.fullName, dateOfBirth: body.dateOfBirth };
    const screened = await exclusions.screen(db, person, null);
    if (exclusions.barred(screened)) {
      await recordAudit(db, {
        event: 'register_refused',
        ip: client.ip,
        metadata: {
          gate: 'registration',
          email: email.slice(0, 254),
          matches: screened.matches.map((match) => match.userId),
          nationalRegister: screened.nationalRegister,
        },
      });
      if (mailsLeft) await emails.registrationRefused(email, client.locale);
      return;
    }
    await pruneExpiredPendingRegistrations(db, current);
    const token = newOpaqueToken();
    await insertPendingRegistration(db, {
      tokenHash: hashToken(token),
      email,
      username: body.username,
      passwordHash,
      phone,
      country: body.country,
      currency: body.currency,
      dateOfBirth: body.dateOfBirth,
      fullName: body.fullName,
      locale: client.locale.locale,
      promoCode: body.promoCode || null,
      termsAcceptedAt: current,
      createdAt: current,
      expiresAt: new Date(current.getTime() + REGISTRATION_CONFIRM_HOURS * 60 * 60_000),
    });
    if (mailsLeft) await emails.confirmRegistration(email, client.locale, token, REGISTRATION_CONFIRM_HOURS);
  }

  /** Whether another e-mail may go to this address within the hour (mail-bombing an address is refused silently). */
  async function mailAllowed(key: string): Promise<boolean> {
    const current = now();
    await pruneCounters(db, current);
    const state = await hitCounter(db, key, limits.recoveryPerEmail.windowMs, current);
    return state.count <= limits.recoveryPerEmail.max;
  }

  /**
   * The confirmation link creates the account and signs it in. A username taken since the registration answers 409
   * username_taken and the player sends another with the same link; an address that got an account meanwhile, an
   * unknown or an expired link answer invalid_token. A person barred since the registration (self-exclusion across
   * accounts, the national register) is refused with the neutral identity_check_failed, and the link is spent.
   */
  async function confirmRegistration(body: RegistrationConfirmBody, client: ClientInfo): Promise<SignedIn> {
    const current = now();
    const outcome = await db.transaction(async (tx) => {
      const pending = await lockPendingRegistration(tx, hashToken(body.token), current);
      if (!pending) throw new InvalidTokenError();
      const screened = await exclusions.screen(tx, pending, null);
      if (exclusions.barred(screened)) {
        await deletePendingRegistration(tx, pending.id);
        await recordAudit(tx, {
          event: 'register_refused',
          ip: client.ip,
          metadata: {
            gate: 'confirmation',
            email: pending.email.slice(0, 254),
            matches: screened.matches.map((match) => match.userId),
            nationalRegister: screened.nationalRegister,
          },
        });
        return { refused: true } as const;
      }
      const username = body.username ?? pending.username;
      const user = await insertUser(tx, {
        email: pending.email,
        username,
        passwordHash: pending.passwordHash,
        phone: pending.phone,
        country: pending.country,
        currency: pending.currency,
        dateOfBirth: pending.dateOfBirth,
        fullName: pending.fullName,
        nameKey: nameKey(pending.fullName),
        locale: pending.locale,
        promoCode: pending.promoCode,
        termsAcceptedAt: pending.termsAcceptedAt,
        passwordChangedAt: current,
        createdAt: current,
      });
      if (!user) {
        if (await findUserByEmail(tx, pending.email)) throw new InvalidTokenError();
        throw new UsernameTakenError();
      }
      await deletePendingRegistration(tx, pending.id);
      await ensureAccount(tx, { userId: user.id, kind: 'main' }, user.currency);
      await ensureAccount(tx, { userId: user.id, kind: 'bonus' }, user.currency);
      const session = await sessions.create(tx, user.id, client);
      await recordAudit(tx, {
        event: 'register',
        userId: user.id,
        ip: client.ip,
        // Where the address says the player was, beside the country they declared: staff read a mismatch.
        metadata: { sessionId: session.sessionId, ...(client.country ? { geoCountry: client.country } : {}) },
      });
      return { refused: false, signedIn: { user: withoutHash(user), session } } as const;
    });
    if (outcome.refused) throw new IdentityCheckError();
    return outcome.signedIn;
  }

  /**
   * Checks a login and password; unknown logins and wrong passwords cost the same and answer the same. Failed tries
   * never lock the owner out: past a few tries of one login (counted per login string, so an unknown one behaves the
   * same) or failures from one address, each try must carry a solved captcha, harder with each further try, and the
   * right password with one signs in from anywhere. The account row when they match an active account.
   */
  async function checkCredentials(body: LoginBody, client: ClientInfo): Promise<UserRow> {
    const loginKey = body.login.trim().toLowerCase();
    const counterKey = `login:${loginKey}`;
    const address = client.ip ?? '';
    const addressKey = `login-failed-address:${address}`;
    const current = now();
    await pruneCounters(db, current);
    // Counted before the password is looked at, so parallel tries cannot all slip under the limit.
    const tries = await hitCounter(db, counterKey, limits.loginCaptchaPerAccount.windowMs, current);
    const addressFailures = await peekCounter(db, addressKey, current);
    const level = signInCaptchaLevel(tries.count, addressFailures, limits);
    if (level !== null) {
      // The level a try without one should ask for next: this try already counted.
      const next = signInCaptchaLevel(tries.count + 1, addressFailures, limits) ?? level;
      if (!body.captcha) throw new CaptchaRequiredError(next);
      await captcha.redeem(body.captcha, address, { minLevel: level });
    }

    const row = await findUserByLogin(db, loginKey);
    const valid = row
      ? await hasher.verifyPassword(row.passwordHash, body.password)
      : await hasher.verifyNobody(body.password);
    if (!row || !valid) {
      await hitCounter(db, addressKey, limits.loginCaptchaPerAddress.windowMs, current);
      await recordAudit(db, {
        event: 'login_failed',
        userId: row?.id ?? null,
        ip: client.ip,
        metadata: { login: loginKey.slice(0, 254), reason: row ? 'wrong_password' : 'unknown_login' },
      });
      throw new InvalidCredentialsError();
    }
    if (row.status !== 'active') {
      await recordAudit(db, { event: 'login_failed', userId: row.id, ip: client.ip, metadata: { reason: 'blocked' } });
      throw new AccountBlockedError();
    }
    await clearCounter(db, counterKey);
    return row;
  }

  /**
   * Checks the credentials and starts a new session (a fresh token even for a signed-in caller, whose old session
   * ends). A staff account is refused here: it signs in at the staff sign-in, where the second factor follows.
   */
  async function login(body: LoginBody, client: ClientInfo, previousSessionId?: number): Promise<SignedIn> {
    const row = await checkCredentials(body, client);
    if (row.role === 'staff') {
      await recordAudit(db, { event: 'login_failed', userId: row.id, ip: client.ip, metadata: { reason: 'staff' } });
      throw new StaffSignInRequiredError();
    }
    const session = await db.transaction(async (tx) => {
      if (previousSessionId !== undefined) await sessions.destroy(previousSessionId, tx);
      const created = await sessions.create(tx, row.id, client);
      await recordAudit(tx, {
        event: 'login',
        userId: row.id,
        ip: client.ip,
        metadata: { sessionId: created.sessionId },
      });
      return created;
    });
    return { user: withoutHash(row), session };
  }

  async function logout(sessionId: number, userId: number, ip: string | null): Promise<void> {
    await sessions.destroy(sessionId);
    await recordAudit(db, { event: 'logout', userId, ip, metadata: { sessionId } });
  }

  /** Changes the password after checking the current one; every session ends and the caller gets a fresh one. */
  async function changePassword(userId: number, body: PasswordChangeBody, client: ClientInfo): Promise<NewSession> {
    const counterKey = `password-change:${userId}`;
    await spendAttempt(counterKey, limits.loginFailuresPerAccount);
    const row = await findUserById(db, userId);
    if (!row || !(await hasher.verifyPassword(row.passwordHash, body.currentPassword))) {
      await recordAudit(db, { event: 'password_change_failed', userId, ip: client.ip });
      throw new WrongPasswordError();
    }
    const weak = passwordIssue(body.newPassword, [row.email, row.username]);
    if (weak) throw new ValidationError({ newPassword: weak });
    await clearCounter(db, counterKey);

    const passwordHash = await hasher.hashPassword(body.newPassword);
    const current = now();
    const session = await db.transaction(async (tx) => {
      await updatePassword(tx, userId, passwordHash, current);
      await retireResetTokens(tx, userId, current);
      await sessions.destroyAllForUser(tx, userId);
      // A staff member changes the password from a session that passed the second factor: the new one has it too.
      const created = await sessions.create(tx, userId, client, { staff: row.role === 'staff' });
      await recordAudit(tx, { event: 'password_change', userId, ip: client.ip });
      return created;
    });
    await emails.passwordChanged(row.email, localeOf(row, client));
    return session;
  }

  /** Always the same outcome for the caller; only an existing, active account gets the e-mail with the link. */
  async function requestRecovery(body: PasswordRecoveryBody, client: ClientInfo): Promise<void> {
    await captcha.redeem(body.captcha, client.ip ?? '');
    await spendAttempt(`recovery:${body.email.trim().toLowerCase()}`, limits.recoveryPerEmail);
    const row = await findUserByEmail(db, body.email);
    if (!row || row.status !== 'active') return;
    const token = newOpaqueToken();
    const current = now();
    await insertResetToken(db, {
      userId: row.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(current.getTime() + resetTokenTtlMs),
      createdAt: current,
    });
    await recordAudit(db, { event: 'password_recovery_requested', userId: row.id, ip: client.ip });
    await emails.passwordReset(row.email, client.locale, token, Math.round(resetTokenTtlMs / 60_000));
  }

  async function validateResetToken(token: string): Promise<void> {
    const live = await findLiveResetToken(db, hashToken(token), now());
    if (!live) throw new InvalidTokenError();
  }

  /**
   * Sets the new password and ends every session. A player is signed in at once; a staff member is not (session
   * null): a reset link is no second factor, so staff sign in again at the staff sign-in.
   */
  async function resetPassword(
    body: PasswordResetBody,
    client: ClientInfo,
  ): Promise<{ user: SessionUser; session: NewSession | null }> {
    const tokenHash = hashToken(body.token);
    const live = await findLiveResetToken(db, tokenHash, now());
    const row = live ? await findUserById(db, live.userId) : null;
    if (!row || row.status !== 'active') throw new InvalidTokenError();
    const weak = passwordIssue(body.password, [row.email, row.username]);
    if (weak) throw new ValidationError({ password: weak });

    const passwordHash = await hasher.hashPassword(body.password);
    const current = now();
    const session = await db.transaction(async (tx) => {
      if (!(await consumeResetToken(tx, tokenHash, current))) throw new InvalidTokenError();
      await updatePassword(tx, row.id, passwordHash, current);
      await retireResetTokens(tx, row.id, current);
      await sessions.destroyAllForUser(tx, row.id);
      const created = row.role === 'staff' ? null : await sessions.create(tx, row.id, client);
      await recordAudit(tx, { event: 'password_reset', userId: row.id, ip: client.ip });
      return created;
    });
    await emails.passwordChanged(row.email, localeOf(row, client));
    return { user: { ...withoutHash(row), passwordChangedAt: current }, session };
  }

  /** The time zone in force after the call: a device's report does not replace one the player chose. */
  async function setTimezone(
    userId: number,
    timezone: string,
    source: 'device' | 'player' = 'player',
  ): Promise<string> {
    const canonical = canonicalTimezone(timezone);
    if (!canonical) throw new ValidationError({ timezone: 'Unknown time zone.' });
    const saved = await updateTimezone(db, userId, canonical, source, now());
    // This instance reads the change on the player's next request; the others when the database announces it.
    sessions.changed([userId]);
    return saved;
  }

  /** Which account-area tabs the player shows: every tab but the optional ones they hid. */
  function tabDisplaySettings(hidden: readonly string[]): TabDisplaySettings {
    return {
      tabs: PROFILE_TABS.map((tab) => {
        const required = isRequiredProfileTab(tab);
        return { tab, required, visible: required || !hidden.includes(tab) };
      }),
    };
  }

  async function setTabDisplaySettings(userId: number, hidden: ProfileTab[]): Promise<TabDisplaySettings> {
    // Kept in the tabs' own order, so the same choice is always stored the same way.
    const ordered = PROFILE_TABS.filter((tab) => hidden.includes(tab) && !isRequiredProfileTab(tab));
    await updateHiddenProfileTabs(db, userId, ordered);
    sessions.changed([userId]);
    return tabDisplaySettings(ordered);
  }

  async function setOddType(userId: number, oddType: OddType): Promise<OddType> {
    await updateOddType(db, userId, oddType);
    sessions.changed([userId]);
    return oddType;
  }

  async function recordFingerprint(userId: number, fingerprint: string): Promise<void> {
    await upsertFingerprint(db, userId, fingerprint.toLowerCase(), now());
  }

  /** A username from the e-mail's local part ("ann.lee@x" → "ann_lee"), with a number when that one is taken. */
  async function deriveUsername(email: string, executor: Db | Tx = db): Promise<string> {
    const base = (email.split('@')[0] ?? '')
      .replace(/[^a-zA-Z0-9_]/g, '_')
      .slice(0, 18)
      .padEnd(3, '_');
    if (!(await usernameTaken(executor, base))) return base;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = `${base}_${Math.floor(1000 + Math.random() * 9000)}`;
      if (!(await usernameTaken(executor, candidate))) return candidate;
    }
    throw new UserExistsError();
  }

  /**
   * Creates an account on the operator's or an admin's behalf (no captcha, no age check: they vouch for it). A staff
   * account gets its roles in the same transaction and sets up its second factor at its first sign-in.
   */
  async function createUser(
    input: NewAccountInput,
    actor: { id: number | null; ip: string | null; via: 'api' | 'direct' | 'invitation' },
    executor?: Tx,
  ): Promise<SessionUser> {
    const username = input.username ?? (await deriveUsername(input.email, executor));
    const weak = passwordIssue(input.password, [input.email, username]);
    if (weak) throw new ValidationError({ password: weak });
    const passwordHash = await hasher.hashPassword(input.password);
    const role = input.staffRoles ? 'staff' : 'player';
    const write = async (tx: Tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        username,
        passwordHash,
        role,
        currency: input.currency ?? DEFAULT_CURRENCY,
        locale: DEFAULT_LOCALE,
      });
      if (!user) throw new UserExistsError();
      await ensureAccount(tx, { userId: user.id, kind: 'main' }, user.currency);
      await ensureAccount(tx, { userId: user.id, kind: 'bonus' }, user.currency);
      if (input.staffRoles) await insertStaffMember(tx, user.id, input.staffRoles, actor.id);
      await recordAudit(tx, {
        event: input.staffRoles ? 'staff_create_staff' : 'staff_create_user',
        userId: user.id,
        actorId: actor.id,
        ip: actor.ip,
        metadata: { via: actor.via },
        after: {
          email: user.email,
          username: user.username,
          role,
          ...(input.staffRoles ? { roles: input.staffRoles } : {}),
        },
      });
      return withoutHash(user);
    };
    // A staff invitation creates its account in the transaction that accepts it.
    return executor ? write(executor) : db.transaction(write);
  }

  /**
   * Confirms a serious step (a time-out, a self-exclusion, a closure) with the account's password; failures count
   * against the same per-account window as password changes.
   */
  async function confirmPassword(userId: number, password: string): Promise<boolean> {
    const counterKey = `password-confirm:${userId}`;
    await spendAttempt(counterKey, limits.loginFailuresPerAccount);
    const row = await findUserById(db, userId);
    if (!row || !(await hasher.verifyPassword(row.passwordHash, password))) return false;
    await clearCounter(db, counterKey);
    return true;
  }

  return {
    register,
    confirmRegistration,
    checkCredentials,
    login,
    logout,
    changePassword,
    confirmPassword,
    requestRecovery,
    validateResetToken,
    resetPassword,
    setTimezone,
    setOddType,
    tabDisplaySettings,
    setTabDisplaySettings,
    recordFingerprint,
    createUser,
  };
}
