import { randomBytes } from 'node:crypto';
import type { Db } from '@playhouse/db';
import type { Config } from '../../config';
import { createPasswordHasher } from '../auth/password-hasher';
import { createSessionService, type SessionService } from '../auth/session-service';
import { createCaptchaService, type CaptchaService } from '../captcha/captcha-service';
import { createEmailService, type EmailLogger, type EmailService } from '../email/email-service';
import { createAccountEmails } from './account-emails';
import { fileExclusionRegister, noExclusionRegister } from '../protection/exclusion-register';
import { createExclusionScreen, type ExclusionScreen } from '../protection/exclusion-screen';
import { createAccountService, type AccountService } from './account-service';

export interface AccountServices {
  accounts: AccountService;
  sessions: SessionService;
  captcha: CaptchaService;
  email: EmailService;
  /** Self-exclusion across accounts and the national register (registration, confirmation, deposits). */
  exclusions: ExclusionScreen;
}

/** Accounts, sessions, captcha and e-mail wired from the config: the api and the ops command line build the same. */
export function createAccountServices({
  db,
  config,
  logger,
  keepSessions = false,
}: {
  db: Db;
  config: Pick<Config, 'auth' | 'captcha' | 'mail' | 'siteUrl' | 'protection' | 'playerCache'>;
  logger: EmailLogger;
  /** Keep resolved sessions in memory (the caller listens for the database's 'session_changed' announcements). */
  keepSessions?: boolean;
}): AccountServices {
  let captchaSecret = config.captcha.secret;
  if (!captchaSecret) {
    captchaSecret = randomBytes(32).toString('base64url');
    logger.warn(
      {},
      'CAPTCHA_SECRET is not set: using a random one for this process; set it when more than one api instance runs',
    );
  }
  const sessions = createSessionService({
    db,
    ttlMs: config.auth.sessionTtlMs,
    staffIdleMs: config.auth.staffIdleMs,
    staffMaxAgeMs: config.auth.staffMaxAgeMs,
    maxAgeMs: config.auth.sessionMaxAgeMs,
    recheckMs: config.auth.sessionRecheckMs,
    // Kept only where the caller feeds the database's announcements to `sessions.changed` (the accounts plugin).
    ...(keepSessions && config.playerCache ? { keep: config.playerCache } : {}),
  });
  const captcha = createCaptchaService({
    db,
    secret: captchaSecret,
    difficulty: config.captcha.difficulty,
    ttlMs: config.captcha.ttlMs,
  });
  const email = createEmailService({
    db,
    smtpUrl: config.mail.smtpUrl,
    spoolDir: config.mail.spoolDir,
    from: config.mail.from,
    logger,
  });
  const registerFile = config.protection.selfExclusionRegisterFile;
  const exclusions = createExclusionScreen({
    register: registerFile ? fileExclusionRegister(registerFile) : noExclusionRegister,
  });
  const accounts = createAccountService({
    db,
    exclusions,
    hasher: createPasswordHasher(config.auth.argon2),
    sessions,
    emails: createAccountEmails({ db, email, siteUrl: config.siteUrl }),
    captcha,
    limits: config.auth.limits,
    resetTokenTtlMs: config.auth.resetTokenTtlMs,
  });
  return { accounts, sessions, captcha, email, exclusions };
}
