import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { generate } from 'otplib';
import type { CaptchaChallenge, ErrorEnvelope, StaffSignInResponse, StaffTotpSetup } from '@playhouse/shared';
import { SESSION_COOKIE } from '../services/auth/session-service';

export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface TransportResponse {
  status: number;
  body: string;
  setCookies: string[];
}

/** How requests reach the api: fetch against API_URL, or app.inject on an app built in this process. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** An answer of the api that was not a success, with the api's own code and message. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export function fetchTransport(apiUrl: string): Transport {
  return async ({ method, path, headers, body }) => {
    const response = await fetch(new URL(path, apiUrl), { method, headers, body });
    return { status: response.status, body: await response.text(), setCookies: response.headers.getSetCookie() };
  };
}

export interface StaffCredentials {
  login: string;
  password: string;
  /** The staff member's TOTP secret (base32): the command line computes the current code from it. */
  totpSecret?: string | undefined;
  /** Or the current code itself, typed from the authenticator app. */
  totpCode?: string | undefined;
  /** Set up the second factor when the account has none yet (the new secret is then in `newTotpSecret`). */
  setUpTotp?: boolean;
  /**
   * The site's origin, sent as Origin with every request: the api refuses a write that names no origin (the
   * cross-site request guard), and the command line acts on the site's behalf.
   */
  origin: string;
}

export type StaffApi = Awaited<ReturnType<typeof signInAsStaff>>;

/**
 * Signs in at the staff sign-in (password, then the TOTP code) and returns a client for the staff endpoints;
 * `signOut` ends that session. With `resume` (the session cookie of an earlier command) it goes on with that session
 * while it lives: a TOTP code is good once, so back-to-back commands could not each sign in anew. Every request names
 * the site's origin (`credentials.origin`), as the back office's would.
 */
export async function signInAsStaff(transport: Transport, credentials: StaffCredentials, resume?: string | null) {
  const cookies = new Map<string, string>();

  async function call<T>(
    method: TransportRequest['method'],
    path: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', origin: credentials.origin, ...extraHeaders };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await transport({
      method,
      path,
      headers,
      ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}),
    });
    for (const line of response.setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    const parsed: unknown = response.body ? JSON.parse(response.body) : null;
    if (response.status >= 400) {
      const error = (parsed as Partial<ErrorEnvelope> | null)?.error;
      throw new ApiCallError(
        response.status,
        error?.code ?? 'error',
        error?.message ?? `HTTP ${response.status}`,
        error?.fields ?? {},
      );
    }
    return parsed as T;
  }

  let codeUsed: string | null = null;
  /**
   * Money and roles need a code from the last few minutes: when the api asks for one (a resumed session), the
   * command line enters a new one from OPS_TOTP_SECRET (or the typed code, if it is still unused) and asks again.
   */
  async function fresh<T>(
    method: TransportRequest['method'],
    path: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<T> {
    try {
      return await call<T>(method, path, payload, headers);
    } catch (error) {
      if (!(error instanceof ApiCallError) || error.code !== 'fresh_second_factor_required') throw error;
      const typed = credentials.totpCode && credentials.totpCode !== codeUsed ? credentials.totpCode : undefined;
      const code = typed ?? (credentials.totpSecret ? await generate({ secret: credentials.totpSecret }) : undefined);
      if (!code) {
        throw new ApiCallError(
          error.status,
          error.code,
          `${error.message} Set OPS_TOTP_SECRET (or pass --ops-totp with the current code).`,
        );
      }
      codeUsed = code;
      await call('POST', '/spa/auth/staff/second-factor', { code });
      return call<T>(method, path, payload, headers);
    }
  }

  const client = {
    get: <T>(path: string) => call<T>('GET', path),
    /** `headers`: extra request headers, such as the Idempotency-Key of a money movement. */
    post: <T>(path: string, payload: unknown, headers?: Record<string, string>) =>
      fresh<T>('POST', path, payload, headers),
    put: <T>(path: string, payload: unknown) => fresh<T>('PUT', path, payload),
    signOut: () => call<null>('POST', '/spa/auth/logout'),
    /** The session cookie (`name=value`), to resume the session in the next command. */
    sessionCookie: () => {
      const value = cookies.get(SESSION_COOKIE);
      return value ? `${SESSION_COOKIE}=${value}` : null;
    },
  };

  if (resume && resume.startsWith(`${SESSION_COOKIE}=`)) {
    cookies.set(SESSION_COOKIE, resume.slice(SESSION_COOKIE.length + 1));
    try {
      const me = await call<{ user: { email: string; username: string } }>('GET', '/spa/staff/me');
      const wanted = credentials.login.trim().toLowerCase();
      if (me.user.email.toLowerCase() === wanted || me.user.username.toLowerCase() === wanted) {
        return { ...client, newTotpSecret: null };
      }
    } catch (error) {
      if (!(error instanceof ApiCallError) || error.status !== 401) throw error;
    }
    cookies.clear();
  }

  const { login, password } = credentials;
  const passwordStep = (captcha?: string) =>
    call<StaffSignInResponse>('POST', '/spa/auth/staff/login', { login, password, ...(captcha ? { captcha } : {}) });
  let started: StaffSignInResponse;
  try {
    started = await passwordStep();
  } catch (error) {
    // Failed tries of this login (someone else's, perhaps) ask a captcha: the command line does the browser's work.
    if (!(error instanceof ApiCallError) || error.code !== 'captcha_required') throw error;
    const level = Number(error.fields.level ?? 0);
    const challenge = await call<CaptchaChallenge>('GET', `/spa/captcha/challenge?level=${level}`);
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw error;
    started = await passwordStep(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  }
  let newTotpSecret: string | null = null;
  let secret = credentials.totpSecret;
  if (started.step === 'totp_setup') {
    if (!credentials.setUpTotp) {
      throw new ApiCallError(
        409,
        'staff_sign_in_step',
        `${login} has no second factor yet: set it up with \`npm run ops -- setup-totp\` or at the staff sign-in page.`,
      );
    }
    const setup = await call<StaffTotpSetup>('GET', '/spa/auth/staff/totp-setup');
    newTotpSecret = setup.secret;
    secret = setup.secret;
  }
  const code = newTotpSecret === null && credentials.totpCode ? credentials.totpCode : undefined;
  if (!code && !secret) {
    throw new ApiCallError(
      401,
      'invalid_totp_code',
      'Staff sign in with a second factor: set OPS_TOTP_SECRET (or pass --ops-totp with the current code).',
    );
  }
  const signInCode = code ?? (await generate({ secret: secret! }));
  codeUsed = signInCode;
  await call('POST', '/spa/auth/staff/totp', { code: signInCode });

  /** newTotpSecret: the secret of a second factor set up by this sign-in, to keep with the password. */
  return { ...client, newTotpSecret };
}
