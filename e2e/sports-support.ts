import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { FeedIngestInput } from '@playhouse/shared/contracts/sports';
import { confirmByMail, dismissInfoPopup, solveCaptcha, uniquePerson, visitorAddress } from './account-support';
import { expect, test } from './fixtures';

// What the sportsbook specs share: pushing the feed, a funded player signed in, the bet slip and the balance.

const FEED_TOKEN = process.env.E2E_FEED_TOKEN ?? 'e2e-sports-feed-token-0123456789';

/** Pushes a delivery as a feed process does, with the feed token. */
export async function pushFeed(request: APIRequestContext, body: FeedIngestInput) {
  const response = await request.post('/spa/staff/sports/feed', {
    headers: { 'x-feed-token': FEED_TOKEN },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<{ settledBets: number }>;
}

/** Opens a page and waits until it is interactive. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await dismissInfoPopup(page);
}

/**
 * A new player with a session in this browser and 100.00 EUR paid in through the sandbox payment provider's
 * checkout, the way a player pays in.
 */
export async function fundedPlayer(page: Page, baseURL: string) {
  // A visitor address of this test's own, as an edge would add: registrations are limited per address and hour, and
  // every spec's players coming from the loopback address ran into that limit on a retry.
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(test.info()) });
  const request = page.request;
  const origin = { origin: baseURL };
  const name = `bettor_${randomUUID().slice(0, 8)}`;
  const registered = await request.post('/spa/users', {
    headers: origin,
    data: {
      email: `${name}@example.com`,
      username: name,
      password: 'correct horse battery staple',
      ...uniquePerson(),
      country: 'DE',
      currency: 'EUR',
      dateOfBirth: '1990-05-17',
      termsAccepted: true,
      captcha: await solveCaptcha(request),
    },
  });
  expect(registered.status(), await registered.text()).toBe(202);
  const { user } = await confirmByMail(request, `${name}@example.com`, baseURL);

  const deposit = await request.post('/spa/cashbox/deposits', {
    headers: { ...origin, 'idempotency-key': `e2e-${randomUUID()}` },
    data: { method: 'sandbox_card', amount: '100.00' },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  const { redirectUrl } = ((await deposit.json()) as { deposit: { redirectUrl: string } }).deposit;
  const sessionId = new URL(redirectUrl).pathname.split('/').pop()!;
  const paid = await request.post(`/spa/psp/sandbox/checkout/${sessionId}`, {
    headers: origin,
    data: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', holder: 'E2E Bettor' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect
    .poll(async () => {
      const balances = (await (await request.get('/spa/users/balances')).json()) as {
        mainBalance: { balance: string };
      };
      return balances.mainBalance.balance;
    })
    .toBe('100.00');
  return user;
}

/** Signs the browser in as the player: the session cookie is already there, the app keeps the user in local storage. */
export async function signIn(page: Page, user: Record<string, unknown>, path: string) {
  await open(page, path);
  await page.evaluate((value) => window.localStorage.setItem('user', JSON.stringify(value)), user);
  await page.evaluate(() => window.localStorage.removeItem('betSlip'));
  await open(page, path);
}

/** The header's balance: the main balance in euros, linking to the cashbox. */
export const balance = (page: Page) => page.getByRole('banner').getByRole('link', { name: /€/ }).first();
export const slip = (page: Page) => page.getByRole('region', { name: 'Bet slip' });
export const matchPage = (matchId: number) => `/en/game/prematch-mts/${matchId}`;
