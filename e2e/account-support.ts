/// <reference lib="dom" />
// Helpers the account and cashbox specs share. Players are created the way any client creates them: through the
// public api (captcha included), from their own visitor address.
import { request as playwrightRequest, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaChallenge } from '@playhouse/shared/contracts/accounts';
import { expect, waitForFinishedPage } from './fixtures';
import { confirmationLink } from './mail';

export const PASSWORD = 'correct horse battery staple';

let visitors = 0;
/** Where this worker's addresses start: a different place on every run, so reruns against one database start afresh. */
const firstVisitor = Math.floor(Math.random() * 131_072);

/**
 * A visitor address of its own for each test, from the 198.18.0.0/15 benchmarking range, sent as the edge proxy of a
 * real site would send it (the e2e web server trusts loopback as its edge); the web forwards it to the api with its
 * secret. So the per-address limits on registration and login (5 an hour, 10 a minute) apply per test, as they would
 * per visitor, instead of to the whole run.
 */
export function visitorAddress(testInfo: TestInfo): string {
  visitors += 1;
  const n = (firstVisitor + testInfo.workerIndex * 7919 + visitors) % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 24);
}

/**
 * A phone number and a full name of a person of their own: the api finds one person's accounts by phone, or by name
 * and birth date, and a player who excludes themselves in one spec must not bar the players of the others.
 */
export function uniquePerson(): { phone: string; fullName: string } {
  const digits = String(Math.floor(Math.random() * 90_000_000) + 10_000_000);
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return { phone: `+49 151 ${digits}`, fullName: `E2e Player ${letters[0]!.toUpperCase()}${letters.slice(1)}` };
}

/** Solves the api's ALTCHA challenge as the widget does in the browser, and packs the payload it would send. */
export async function solveCaptcha(api: APIRequestContext): Promise<string> {
  const response = await api.get('/spa/captcha/challenge');
  expect(response.ok()).toBe(true);
  const challenge = (await response.json()) as CaptchaChallenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Confirms a registration from the e-mailed link through `api` (its cookies then hold the new session). */
export async function confirmByMail(api: APIRequestContext, email: string, baseURL: string) {
  const token = new URL(await confirmationLink(email)).searchParams.get('token');
  const confirmed = await api.post('/spa/users/registration/confirmation', {
    headers: { origin: baseURL },
    data: { token },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return (await confirmed.json()) as { user: Record<string, unknown> };
}

/** A registered player; `phone` (E.164) when it was registered here. */
export type Player = { email: string; username: string; password: string; phone?: string };

/** A separate client (own cookies, own address) talking to the site, as another device of the player would. */
export async function newClient(baseURL: string, testInfo: TestInfo): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    // A browser names the site's origin on every write; the api refuses a write that names none.
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(testInfo), origin: new URL(baseURL).origin },
  });
}

/** Registers a player through POST /spa/users from another client; the browser under test stays signed out. */
export async function registerPlayer(
  baseURL: string,
  testInfo: TestInfo,
  currency = 'EUR',
  country = 'DE',
): Promise<Player> {
  const client = await newClient(baseURL, testInfo);
  try {
    const username = uniqueName('p');
    const person = uniquePerson();
    const player = {
      email: `${username}@example.com`,
      username,
      password: PASSWORD,
      phone: person.phone.replace(/\s/g, ''),
    };
    const response = await client.post('/spa/users', {
      data: {
        email: player.email,
        username,
        password: PASSWORD,
        ...person,
        country,
        currency,
        dateOfBirth: '1990-04-12',
        termsAccepted: true,
        captcha: await solveCaptcha(client),
      },
    });
    expect(response.status(), await response.text()).toBe(202);
    await confirmByMail(client, player.email, baseURL);
    return player;
  } finally {
    await client.dispose();
  }
}

/**
 * After the registration form: the site asks to open the e-mailed link; the player opens it (in the same browser) and
 * confirms, which creates the account and signs in.
 */
export async function confirmRegistrationInBrowser(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  await page.goto(await confirmationLink(email));
  await dismissInfoPopup(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
}

/**
 * Waits until the page has hydrated (keys and clicks before then go nowhere) and makes sure no announcement floats
 * over it: by default the browser has closed the current one already (fixtures.ts `announcementSeen`); in a test that
 * turned that off, one on screen is closed with its close icon.
 */
export async function dismissInfoPopup(page: Page) {
  await waitForFinishedPage(page);
  const popup = page.getByRole('dialog', { name: /Announcement|Mitteilung|Aviso|Объявление/ });
  if (await popup.isVisible()) {
    await popup
      .getByRole('button', {
        name: /Close the announcement|Mitteilung schließen|Cerrar el aviso|Fechar o aviso|Закрыть объявление/,
      })
      .click();
    await expect(popup).toBeHidden();
  }
}

/** Signs in through the login page, landing on `next` (the home page by default). */
export async function logIn(page: Page, player: Player, options: { lng?: string; next?: string } = {}) {
  const lng = options.lng ?? 'en';
  await page.goto(`/${lng}/auth/login${options.next ? `?next=${encodeURIComponent(options.next)}` : ''}`);
  await dismissInfoPopup(page);
  await page.getByLabel(/E-mail or username|E-Mail oder Benutzername/).fill(player.username);
  await page.getByLabel(/^(Password|Passwort)$/).fill(player.password);
  await page.getByRole('button', { name: /^(Log in|Anmelden)$/ }).click();
  await expect(page.getByRole('button', { name: new RegExp(`(Account|Konto): ${player.username}`) })).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** Marks the current document, so a test can tell later that no reload or navigation replaced it. */
export async function markDocument(page: Page): Promise<string> {
  const mark = `m${Math.random()}`;
  await page.evaluate((value) => {
    (window as unknown as { __documentMark?: string }).__documentMark = value;
  }, mark);
  return mark;
}

export async function documentMark(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { __documentMark?: string }).__documentMark);
}
