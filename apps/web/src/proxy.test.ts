// @vitest-environment node
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSiteLocales } from './lib/site-locales';
import { config, proxy } from './proxy';

function visit(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(new URL(path, 'http://localhost:3000'), { headers }));
}

const location = (response: Response) => response.headers.get('location');

/** The api's answer to /spa/locales: the locales the back office enabled, one of them the default. */
function apiWithLocales(enabled: string[], defaultLocale: string) {
  const locales = enabled.map((value) => ({ value, title: value, imagePath: '', isDefault: value === defaultLocale }));
  const fetch = vi.fn(async () => Response.json({ locales }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(async () => {
  forgetSiteLocales();
  // No api unless a test starts one: the proxy falls back to the built-in locales.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
});

describe('proxy', async () => {
  it('sends / to the default locale when nothing says otherwise', async () => {
    const response = await visit('/');
    expect(response.status).toBe(307);
    expect(location(response)).toBe('http://localhost:3000/en');
  });

  it('sends / to the best Accept-Language locale', async () => {
    expect(location(await visit('/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' }))).toBe(
      'http://localhost:3000/de',
    );
    expect(location(await visit('/', { 'accept-language': 'fr-FR,pt;q=0.8' }))).toBe('http://localhost:3000/pt');
  });

  it('prefers the NEXT_LOCALE cookie over Accept-Language', async () => {
    const response = await visit('/', { 'accept-language': 'de', cookie: 'NEXT_LOCALE=ru' });
    expect(location(response)).toBe('http://localhost:3000/ru');
  });

  it('keeps the rest of the path and the query', async () => {
    const response = await visit('/category/slots?sort=new&page=2', { 'accept-language': 'es' });
    expect(location(response)).toBe('http://localhost:3000/es/category/slots?sort=new&page=2');
  });

  it('lets a path with a locale through', async () => {
    const response = await visit('/de/category/slots', { 'accept-language': 'de' });
    expect(location(response)).toBeNull();
    expect(response.headers.get('x-middleware-next')).toBe('1');
  });

  it('remembers a locale chosen against Accept-Language in the cookie', async () => {
    const response = await visit('/ru', { 'accept-language': 'de' });
    expect(response.headers.get('set-cookie')).toMatch(/NEXT_LOCALE=ru/);
  });

  it('leaves the api, Next assets and files alone', async () => {
    const matcher = new RegExp(`^${config.matcher[0]}$`);
    expect(matcher.test('/')).toBe(true);
    expect(matcher.test('/category/slots')).toBe(true);
    expect(matcher.test('/spa/health')).toBe(false);
    expect(matcher.test('/_next/static/chunk.js')).toBe(false);
    expect(matcher.test('/robots.txt')).toBe(false);
    expect(matcher.test('/manifest.webmanifest')).toBe(false);
    // The Originals game host is a page too: it gets its content policy (and no locale redirect).
    expect(matcher.test('/originals-host/en')).toBe(true);
  });

  it('gives every page a content policy with a fresh nonce, handed to the page through the request', async () => {
    const first = await visit('/de/category/slots');
    const second = await visit('/de/category/slots');
    const policy = first.headers.get('content-security-policy')!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toHaveLength(24);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(policy).toContain("script-src 'self' 'nonce-");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-inline'; script");
    // Next reads the nonce from the request it renders: the proxy passes both headers on.
    expect(first.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    // Redirects carry the policy too.
    expect((await visit('/')).headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('lets only this site frame the Originals game host, and sends it there without a locale redirect', async () => {
    const response = await visit('/originals-host/en');
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  describe('with the locales the back office set', () => {
    it("sends / to the back office's default locale when nothing says otherwise", async () => {
      apiWithLocales(['en', 'de', 'ru'], 'de');
      expect(location(await visit('/'))).toBe('http://localhost:3000/de');
    });

    it('picks among the enabled locales only: a browser asking for a disabled one gets the default', async () => {
      apiWithLocales(['en', 'de', 'ru'], 'ru');
      expect(location(await visit('/', { 'accept-language': 'pt-BR,pt;q=0.9' }))).toBe('http://localhost:3000/ru');
      expect(location(await visit('/', { 'accept-language': 'pt;q=0.9,en;q=0.5' }))).toBe('http://localhost:3000/en');
      expect(location(await visit('/', { cookie: 'NEXT_LOCALE=es' }))).toBe('http://localhost:3000/ru');
    });

    it('asks the api once for many visits, and not at all for a path that names its locale', async () => {
      const fetch = apiWithLocales(['en', 'de'], 'de');
      await visit('/de/category/slots');
      expect(fetch).not.toHaveBeenCalled();
      for (let i = 0; i < 5; i++) await visit('/');
      expect(fetch).toHaveBeenCalledTimes(1);
    });

    it('does not wait for an api that does not answer', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) =>
              init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
            ),
        ),
      );
      expect(location(await visit('/'))).toBe('http://localhost:3000/en');
    });

    it('falls back to the built-in default when the api answers nonsense', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Response.json({ locales: 'none' })),
      );
      expect(location(await visit('/'))).toBe('http://localhost:3000/en');
    });
  });
});
