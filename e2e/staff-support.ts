/// <reference lib="dom" />
// Signing staff in as a person does: the staff sign-in page, the password, then the code of an authenticator app,
// computed here with otplib from the key the set-up screen shows the first time.
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { generate } from 'otplib';
import { dismissInfoPopup } from './account-support';
import { expect } from './fixtures';

export interface StaffAccount {
  email: string;
  username: string;
  password: string;
}

/**
 * What the run keeps about a staff account: the TOTP key read from its set-up screen, the last time step used (a code
 * is good once) and the signed-in browser state. It sits beside the e2e api's data folder and goes with it: the api
 * starts on a fresh database and this folder is emptied with it (playwright.config.ts).
 */
export const STAFF_STATE_DIR = path.join(os.tmpdir(), `playhouse-e2e-${process.env.E2E_API_PORT ?? 4102}-staff`);

interface KeptStaff {
  secret: string;
  lastStep: number;
}

const keptFile = (staff: StaffAccount) => path.join(STAFF_STATE_DIR, `${staff.username}.json`);
const stateFile = (staff: StaffAccount) => path.join(STAFF_STATE_DIR, `${staff.username}.state.json`);

async function kept(staff: StaffAccount): Promise<KeptStaff | null> {
  try {
    return JSON.parse(await readFile(keptFile(staff), 'utf8')) as KeptStaff;
  } catch {
    return null;
  }
}

async function keep(staff: StaffAccount, value: KeptStaff): Promise<void> {
  await mkdir(STAFF_STATE_DIR, { recursive: true });
  await writeFile(keptFile(staff), JSON.stringify(value));
}

/**
 * One sign-in of a staff account at a time across the run's workers: a set-up screen's new key would replace another
 * worker's, and a code is good once. A lock folder (mkdir is atomic); a lock older than two minutes is a crashed
 * worker's. Re-entrant within a worker, whose tests run one at a time.
 */
let lockDepth = 0;
const LOCK_STALE_MS = 120_000;

export async function withStaffLock<T>(staff: StaffAccount, work: () => Promise<T>): Promise<T> {
  const lockDir = path.join(STAFF_STATE_DIR, `${staff.username}.lock`);
  if (lockDepth === 0) {
    await mkdir(STAFF_STATE_DIR, { recursive: true });
    for (;;) {
      try {
        await mkdir(lockDir);
        break;
      } catch {
        const since = await stat(lockDir).then(
          (info) => Date.now() - info.mtimeMs,
          () => 0,
        );
        if (since > LOCK_STALE_MS) await rm(lockDir, { recursive: true, force: true });
        else await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
  lockDepth += 1;
  try {
    return await work();
  } finally {
    lockDepth -= 1;
    if (lockDepth === 0) await rm(lockDir, { recursive: true, force: true });
  }
}

const PERIOD_MS = 30_000;
/** A kept api session whose code is older than this enters a new one (the api asks for one at most 5 minutes old). */
const FRESH_ENOUGH_MS = 3 * 60_000;

/** A code for a time step after the last one used: waits for the next step when this one is spent. */
async function freshCode(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / PERIOD_MS);
  if (step <= lastStep) {
    await new Promise((resolve) => setTimeout(resolve, (lastStep + 1) * PERIOD_MS - Date.now() + 200));
    step = lastStep + 1;
  }
  return { code: await generate({ secret, epoch: Math.floor((step * PERIOD_MS) / 1000) + 1 }), step };
}

/** The heading of the second step: setting up the authenticator the first time, entering its code after. */
export const setupHeading = (page: Page) => page.getByRole('heading', { name: 'Set up two-step sign-in' });
export const codeHeading = (page: Page) => page.getByRole('heading', { name: 'Enter your code' });

/** The password step of the staff sign-in page, in English. */
export async function enterStaffPassword(page: Page, staff: StaffAccount, next?: string): Promise<void> {
  await page.goto(`/en/staff/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await dismissInfoPopup(page);
  await page.getByLabel('E-mail or username').fill(staff.username);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(setupHeading(page).or(codeHeading(page))).toBeVisible();
}

/**
 * Signs a staff member in on `page`: the password, then the set-up screen's key (kept for later sign-ins) or the
 * kept key's current code. Ends on `next`.
 */
export async function staffSignIn(page: Page, staff: StaffAccount, next: string): Promise<void> {
  await withStaffLock(staff, () => signInOnPage(page, staff, next));
}

async function signInOnPage(page: Page, staff: StaffAccount, next: string): Promise<void> {
  await enterStaffPassword(page, staff, next);
  let state = await kept(staff);
  if (await setupHeading(page).isVisible()) {
    const secret = (await page.getByLabel('Or type this key into the app').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    state = { secret, lastStep: 0 };
    await keep(staff, state);
  }
  if (!state) throw new Error(`No TOTP key kept for ${staff.username}: its set-up screen was never seen in this run`);
  const { code, step } = await freshCode(state.secret, state.lastStep);
  await keep(staff, { ...state, lastStep: step });
  await page.getByLabel('Six-digit code').fill(code);
  await page.getByRole('button', { name: /^(Sign in|Confirm and sign in)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/en${next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  // Later contexts go on with this session instead of spending another code (staffContext).
  await page.context().storageState({ path: stateFile(staff) });
}

/** The next code of the staff member's kept key (a code is good once, so each is a new time step). */
async function nextCode(staff: StaffAccount): Promise<string> {
  return withStaffLock(staff, async () => {
    const state = await kept(staff);
    if (!state) throw new Error(`No TOTP key kept for ${staff.username}`);
    const { code, step } = await freshCode(state.secret, state.lastStep);
    await keep(staff, { ...state, lastStep: step });
    return code;
  });
}

/**
 * Answers the back office's "Confirm with your authenticator" dialog on every page of `context`, as the staff member
 * would: approving, paying, re-settling and role changes ask a code from the last 5 minutes, and a kept session's
 * may be older. The dialog is answered whenever it shows, whichever step of a test opens it.
 */
export function answerSecondFactor(context: BrowserContext, staff: StaffAccount): void {
  const answer = (page: Page) =>
    page.addLocatorHandler(page.getByRole('dialog', { name: 'Confirm with your authenticator' }), async (dialog) => {
      await dialog.getByLabel('Six-digit code').fill(await nextCode(staff));
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(dialog).toBeHidden();
    });
  for (const page of context.pages()) void answer(page);
  context.on('page', (page) => void answer(page));
}

/**
 * A browser context signed in as a staff member: the browser state of the last sign-in while its session lives
 * (staff sessions end after 15 idle minutes), else a new sign-in. It answers the fresh-code dialog by itself.
 */
export async function staffContext(browser: Browser, staff: StaffAccount, next: string): Promise<BrowserContext> {
  try {
    const context = await browser.newContext({ storageState: stateFile(staff) });
    const page = await context.newPage();
    await page.goto(`/en${next}`);
    if (!/\/staff\/login/.test(page.url())) {
      await page.close();
      answerSecondFactor(context, staff);
      return context;
    }
    await context.close();
  } catch {
    // No kept browser state yet: sign in below.
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await staffSignIn(page, staff, next);
  await page.close();
  answerSecondFactor(context, staff);
  return context;
}

/**
 * An api client signed in as a staff member, as a script would be: the kept session while it lives, else the staff
 * sign-in through the api (the password, then a code of the kept key, or the key the set-up step hands out the first
 * time). Shares the kept key and session with the browser sign-ins of the run.
 */
export async function staffRequest(
  baseURL: string,
  staff: StaffAccount,
  extraHTTPHeaders: Record<string, string> = {},
): Promise<APIRequestContext> {
  return withStaffLock(staff, async () => {
    const keptSession = await stat(stateFile(staff)).then(
      () => stateFile(staff),
      () => undefined,
    );
    if (keptSession) {
      const client = await playwrightRequest.newContext({
        baseURL,
        extraHTTPHeaders: { origin: new URL(baseURL).origin, ...extraHTTPHeaders },
        storageState: keptSession,
      });
      const me = await client.get('/spa/staff/me');
      if (me.ok()) {
        // Money and roles need a code from the last 5 minutes: a kept session gets one while the test has time.
        const { secondFactorAt } = (await me.json()) as { secondFactorAt: string | null };
        if (!secondFactorAt || Date.now() - new Date(secondFactorAt).getTime() > FRESH_ENOUGH_MS) {
          const fresh = await client.post('/spa/auth/staff/second-factor', { data: { code: await nextCode(staff) } });
          expect(fresh.status(), await fresh.text()).toBe(200);
        }
        return client;
      }
      await client.dispose();
    }
    const client = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { origin: new URL(baseURL).origin, ...extraHTTPHeaders },
    });
    const started = await client.post('/spa/auth/staff/login', {
      data: { login: staff.email, password: staff.password },
    });
    expect(started.status(), await started.text()).toBe(200);
    let state = await kept(staff);
    if (((await started.json()) as { step: string }).step === 'totp_setup') {
      const setup = await client.get('/spa/auth/staff/totp-setup');
      expect(setup.status(), await setup.text()).toBe(200);
      state = { secret: ((await setup.json()) as { secret: string }).secret, lastStep: 0 };
      await keep(staff, state);
    }
    if (!state) throw new Error(`No TOTP key kept for ${staff.username}, and the api asked for no set-up`);
    const { code, step } = await freshCode(state.secret, state.lastStep);
    await keep(staff, { ...state, lastStep: step });
    const signedIn = await client.post('/spa/auth/staff/totp', { data: { code } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    await client.storageState({ path: stateFile(staff) });
    return client;
  });
}
