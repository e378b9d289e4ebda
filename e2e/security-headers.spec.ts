import { dismissInfoPopup, registerPlayer, logIn, visitorAddress } from './account-support';
import { expect, test } from './fixtures';

test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
});

/** The nonce of a response's content policy. */
function nonceOf(policy: string | undefined): string {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? '')?.[1];
  expect(nonce, policy).toBeTruthy();
  return nonce!;
}

test.describe('security headers on the web pages', () => {
  test('every page has a nonce content policy it passes, no framing, nosniff and a referrer policy', async ({
    page,
    cspViolations,
  }) => {
    const nonces = new Set<string>();
    for (const path of ['/en', '/en/category/slots', '/de/auth/login', '/en/auth/register', '/en/promotions']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const headers = response!.headers();
      const policy = headers['content-security-policy'];
      nonces.add(nonceOf(policy));
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // The site is served over plain http here: no HSTS (browsers ignore it there anyway).
      expect(headers['strict-transport-security']).toBeUndefined();
      // Every script of the page as served carries this response's nonce (the chunks they load need none:
      // 'strict-dynamic'), and they ran: the page is interactive.
      const scripts = [...(await response!.text()).matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) {
        if (/type="application\/ld\+json"/.test(tag)) continue;
        expect(tag).toContain(`nonce="${nonceOf(policy)}"`);
      }
      await dismissInfoPopup(page);
    }
    expect(nonces.size).toBe(5);
    expect(cspViolations).toEqual([]);
  });

  test('the register page’s ALTCHA widget solves its challenge under the policy', async ({ page, cspViolations }) => {
    test.setTimeout(90_000);
    await page.goto('/en/auth/register');
    await dismissInfoPopup(page);
    await expect(page.getByText('Security check passed')).toBeVisible({ timeout: 60_000 });
    expect(cspViolations).toEqual([]);
  });

  test('a game runs in the Originals host, which only this site may frame', async ({
    page,
    baseURL,
    cspViolations,
  }, testInfo) => {
    test.setTimeout(90_000);
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    const host = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/originals-host/'));
    await page.goto('/en/game/lucky-reels');
    await dismissInfoPopup(page);
    const headers = (await host).headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    const game = page.frameLocator('iframe[title="Lucky Reels, the game"]');
    await expect(game.getByRole('button', { name: 'Spin' })).toBeVisible({ timeout: 30_000 });
    expect(cspViolations).toEqual([]);
  });
});
