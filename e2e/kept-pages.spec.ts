import { newClient, registerPlayer } from './account-support';
import { expect, test } from './fixtures';

/*
 * Visitors' pages kept at the web server's door (apps/web/server/render-cache.mjs): rendered once with a placeholder
 * nonce, answered many times, each answer with a nonce of its own; a signed-in player's page never comes from or
 * goes into the kept copies.
 */

const nonceOfPolicy = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
/** Every nonce the page's markup names: on scripts and styles, and in the csp-nonce meta tag. */
const noncesInPage = (html: string) => [
  ...new Set(
    [...html.matchAll(/\bnonce="([^"]+)"/g), ...html.matchAll(/name="csp-nonce" content="([^"]+)"/g)].map((m) => m[1]),
  ),
];

test('every answer of a kept page has its own nonce, the same in the page and in its policy header', async ({
  baseURL,
}, testInfo) => {
  const visitor = await newClient(baseURL!, testInfo);
  try {
    const seen: string[] = [];
    const sources: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await visitor.get('/en/category/slots');
      expect(response.status()).toBe(200);
      sources.push(response.headers()['x-render-cache'] ?? '');
      const nonce = nonceOfPolicy(response.headers()['content-security-policy']);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(noncesInPage(await response.text())).toEqual([nonce]);
      seen.push(nonce!);
    }
    expect(new Set(seen).size).toBe(3);
    // The first answer may have rendered the page (miss) or found it kept by an earlier test (hit); the rest are kept.
    expect(sources.slice(1)).toEqual(['hit', 'hit']);
  } finally {
    await visitor.dispose();
  }
});

test('two players and a visitor: a signed-in page never comes from, nor goes into, the kept copies', async ({
  baseURL,
}, testInfo) => {
  const [ann, bob] = [await registerPlayer(baseURL!, testInfo), await registerPlayer(baseURL!, testInfo)];
  const clients = await Promise.all([newClient(baseURL!, testInfo), newClient(baseURL!, testInfo)]);
  const visitor = await newClient(baseURL!, testInfo);
  try {
    for (const [client, player] of [
      [clients[0]!, ann],
      [clients[1]!, bob],
    ] as const) {
      const signedIn = await client.post('/spa/auth/login', {
        data: { login: player.email, password: player.password },
      });
      expect(signedIn.status(), await signedIn.text()).toBe(200);
    }
    const pages = ['/en', '/en/category/slots', '/en/game/lucky-reels'];
    for (const path of pages) {
      const [annPage, bobPage] = await Promise.all(clients.map((client) => client.get(path)));
      for (const page of [annPage!, bobPage!]) expect(page.headers()['x-render-cache']).toBeUndefined();
      const visitorPage = await visitor.get(path);
      const html = await visitorPage.text();
      for (const player of [ann, bob]) {
        expect(html).not.toContain(player.username);
        expect(html).not.toContain(player.email);
      }
      // What each player got was rendered for that player's request alone: neither saw the other's nonce.
      const [annNonce, bobNonce] = [annPage!, bobPage!].map((page) =>
        nonceOfPolicy(page.headers()['content-security-policy']),
      );
      expect(annNonce).not.toBe(bobNonce);
      expect(nonceOfPolicy(visitorPage.headers()['content-security-policy'])).not.toBe(annNonce);
    }
  } finally {
    await Promise.all([...clients, visitor].map((client) => client.dispose()));
  }
});
