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
    await expect(page.getByLabel('Country')).toHaveValue('MT');
    await expect(page.getByLabel('Phone number')).toHaveValue(/^\+356/);
    await axe();
  });
});
