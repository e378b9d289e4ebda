import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { createRenderCache, isKeepable, pageKey, withNonce } from './render-cache.mjs';
import { recorder } from './test-response.mjs';

/** A page as proxy.ts and the layout draw it: the nonce in the policy header, on scripts, in the meta tag. */
function page(nonce, text = 'Welcome') {
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
      date: 'Fri, 27 Nov 2026 10:00:00 GMT',
    },
    body: `<html><head><meta name="csp-nonce" content="${nonce}"></head><body><p>${text}</p><script nonce="${nonce}">self.__next_f.push([1,"nonce:${nonce}"])</script></body></html>`,
  };
}

function visitor(url = '/en', headers = {}) {
  return { method: 'GET', url, headers };
}

const nonceOf = (header) => /'nonce-([^']+)'/.exec(header)?.[1];

describe('the door keeps visitors’ pages and gives each answer a nonce of its own', () => {
  it('renders once, then answers from the kept copy with a fresh nonce in the body and the header alike', async () => {
    let renders = 0;
    const cache = createRenderCache({
      render: async (_request, nonce) => {
        renders += 1;
        return page(nonce);
      },
      contentVersion: async () => '7',
    });
    const nonces = [];
    for (let index = 0; index < 3; index += 1) {
      const response = recorder();
      expect(await cache.serve(visitor(), response)).toBe(true);
      const body = response.sent.body.toString('utf8');
      const nonce = nonceOf(response.sent.headers['content-security-policy']);
      expect(body).toContain(`content="${nonce}"`);
      expect(body).toContain(`<script nonce="${nonce}">`);
      expect(body).toContain(`nonce:${nonce}`);
      expect(body).not.toContain(cache.placeholder());
      expect(response.sent.headers).not.toHaveProperty('date');
      nonces.push(nonce);
    }
    expect(renders).toBe(1);
    expect(new Set(nonces).size).toBe(3);
    expect(cache.stats).toEqual({ hits: 2, misses: 1 });
  });

  it('leaves text that only looks like a nonce placeholder as it is: the real one is a secret of the process', async () => {
    const lookalike = 'AAAAAAAAAAAAAAAAAAAAAA==';
    const cache = createRenderCache({
      render: async (_request, nonce) => page(nonce, `an article quoting nonce="${lookalike}"`),
      contentVersion: async () => '1',
    });
    const response = recorder();
    await cache.serve(visitor(), response);
    const body = response.sent.body.toString('utf8');
    expect(body).toContain(`nonce="${lookalike}"`);
    expect(nonceOf(response.sent.headers['content-security-policy'])).not.toBe(lookalike);
    expect(cache.placeholder()).not.toBe(lookalike);
  });

  it('renders anew when the content version changes, and keys by path, query, time zone, country and scheme', async () => {
    let version = '1';
    const rendered = [];
    const cache = createRenderCache({
      render: async (request, nonce) => {
        rendered.push(request.url);
        return page(nonce, version);
      },
      contentVersion: async () => version,
    });
    await cache.serve(visitor('/en'), recorder());
    await cache.serve(visitor('/en'), recorder());
    version = '2';
    const after = recorder();
    await cache.serve(visitor('/en'), after);
    expect(after.sent.body.toString('utf8')).toContain('<p>2</p>');
    await cache.serve(visitor('/en?searchValue=gold'), recorder());
    await cache.serve(visitor('/en', { cookie: 'tz=Europe/Berlin' }), recorder());
    await cache.serve(visitor('/en', { geo_ipcountry: 'MT' }), recorder());
    await cache.serve(visitor('/en', { 'x-forwarded-proto': 'https' }), recorder());
    expect(rendered).toEqual(['/en', '/en', '/en?searchValue=gold', '/en', '/en', '/en']);
    expect(pageKey(visitor('/en', { cookie: 'other=1' }), '2')).toBe(pageKey(visitor('/en'), '2'));
  });

  it('keeps no redirect, error or cookie-setting answer, but still answers the request that rendered it', async () => {
    let renders = 0;
    const answers = [
      (nonce) => ({ ...page(nonce), status: 404 }),
      (nonce) => ({ ...page(nonce), headers: { ...page(nonce).headers, 'set-cookie': ['ph_session=x'] } }),
      () => ({ status: 307, headers: { location: '/en/auth/login' }, body: '' }),
    ];
    const cache = createRenderCache({
      render: async (_request, nonce) => answers[renders++](nonce),
      contentVersion: async () => '1',
    });
    for (const expected of [404, 200, 307]) {
      const response = recorder();
      expect(await cache.serve(visitor('/en/x'), response)).toBe(true);
      expect(response.sent.status).toBe(expected);
    }
    expect(renders).toBe(3);
    expect(cache.size()).toBe(0);
  });

  it('renders once for visitors who arrive together', async () => {
    let renders = 0;
    const cache = createRenderCache({
      render: async (_request, nonce) => {
        renders += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return page(nonce);
      },
      contentVersion: async () => '1',
    });
    await Promise.all(Array.from({ length: 5 }, () => cache.serve(visitor(), recorder())));
    expect(renders).toBe(1);
  });

  it('sets the locale cookie again per answer, only for visitors whose cookie names another locale', async () => {
    const cookie = 'NEXT_LOCALE=de; Path=/; Expires=Sat, 27 Nov 2027 20:49:47 GMT; Max-Age=31536000; SameSite=lax';
    const cache = createRenderCache({
      render: async (_request, nonce) => ({
        ...page(nonce),
        headers: { ...page(nonce).headers, 'set-cookie': [cookie] },
      }),
      contentVersion: async () => '1',
    });
    const first = recorder();
    await cache.serve(visitor('/de'), first);
    expect(first.sent.headers['set-cookie']).toBe('NEXT_LOCALE=de; Path=/; Max-Age=31536000; SameSite=lax');
    const returning = recorder();
    await cache.serve(visitor('/de', { cookie: 'NEXT_LOCALE=de' }), returning);
    expect(returning.sent.headers).not.toHaveProperty('set-cookie');
    expect(returning.sent.headers['x-render-cache']).toBe('hit');
    const switching = recorder();
    await cache.serve(visitor('/de', { cookie: 'NEXT_LOCALE=en' }), switching);
    expect(switching.sent.headers['set-cookie']).toContain('NEXT_LOCALE=de');
  });

  it('compresses for browsers that accept gzip', async () => {
    const cache = createRenderCache({
      render: async (_request, nonce) => page(nonce),
      contentVersion: async () => '1',
    });
    const response = recorder();
    await cache.serve(visitor('/en', { 'accept-encoding': 'gzip, deflate, br' }), response);
    expect(response.sent.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.sent.body).toString('utf8')).toContain('<p>Welcome</p>');
    expect(response.sent.headers.vary).toContain('Accept-Encoding');
  });

  it('replaces every occurrence and nothing else', () => {
    expect(withNonce('a PH b PH', 'PH', 'N')).toBe('a N b N');
  });
});

describe('which requests the door answers from kept pages', () => {
  it('keeps visitors’ GETs of pages under a locale, never a signed-in player’s or the back office', () => {
    expect(isKeepable(visitor('/en'))).toBe(true);
    expect(isKeepable(visitor('/de/category/slots?x=1'))).toBe(true);
    expect(isKeepable(visitor('/en', { cookie: 'tz=UTC; ph_session=abc' }))).toBe(false);
    expect(isKeepable({ ...visitor('/en'), method: 'POST' })).toBe(false);
    expect(isKeepable(visitor('/en', { rsc: '1' }))).toBe(false);
    for (const path of ['/', '/en/staff', '/de/staff/players', '/spa/games', '/_next/static/x.js', '/favicon.ico']) {
      expect(isKeepable(visitor(path))).toBe(false);
    }
  });
});
