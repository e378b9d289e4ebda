import { randomUUID } from 'node:crypto';
import { visitorAddress } from './account-support';
import { expect, test } from './fixtures';

/*
 * The visitor address through the real chain: browser → the web's server (its door settles the address) → Next's
 * /spa rewrite → the api. Here the test client plays the edge proxy (the e2e web trusts loopback), so the address the
 * api must key on is the last X-Forwarded-For entry; anything written before it, and an X-Web-Secret the client
 * invents, count for nothing.
 */
test('the login limit holds for one visitor whatever else its requests claim', async ({ baseURL }, testInfo) => {
  const visitor = visitorAddress(testInfo);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt += 1) {
    const response = await fetch(`${baseURL}/spa/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: baseURL!,
        'x-forwarded-for': `203.0.113.${attempt}, ${visitor}`,
        'x-web-secret': 'guessed-secret-0123456789-0123456789',
        forwarded: `for=198.51.100.${attempt}`,
      },
      body: JSON.stringify({ login: `nobody-${randomUUID()}@example.com`, password: 'wrong password 123' }),
    });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses[10]).toBe(429);
});

/*
 * The visitor's country (GEO_IPCOUNTRY) through the same chain: the edge (here the test, from loopback) locates the
 * visitor in Malta, whose players follow the MGA-like profile in the e2e run (JURISDICTION_COUNTRIES=GB=uk,MT=mga).
 */
test.describe('a visitor the edge locates', () => {
  test.use({ extraHTTPHeaders: { geo_ipcountry: 'MT' } });

  test('is told the rules of their country before registering, with the country and phone prefix preset', async ({
    page,
    axe,
  }) => {
    await page.goto('/en/auth/register');
    await expect(page.getByRole('note')).toContainText('You appear to be in Malta');
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('MT');
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue(/^\+356/);
    await axe();
  });
});

test('an upload over 10 MB through the site answers 413 in the error envelope, not a bare 500', async ({ baseURL }) => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(12 * 1024 * 1024)], { type: 'image/png' }), 'huge.png');
  const response = await fetch(`${baseURL}/spa/users/documents/identity`, {
    method: 'POST',
    headers: { origin: baseURL! },
    body,
  });
  expect(response.status).toBe(413);
  const answer = (await response.json()) as { error: { code: string; message: string }; requestId: string };
  expect(answer.error.code).toBe('payload_too_large');
  expect(answer.error.message).toContain('MiB');
  expect(answer.requestId).toBe(response.headers.get('x-request-id'));
});

test('a write through the site that names no origin is refused', async ({ baseURL }) => {
  const response = await fetch(`${baseURL}/spa/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'nobody@example.com', password: 'not a password' }),
  });
  expect(response.status).toBe(403);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('origin_not_allowed');
});
