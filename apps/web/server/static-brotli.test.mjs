import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsBrotli, configuredHeaders, createStaticBrotli } from './static-brotli.mjs';
import { recorder } from './test-response.mjs';

const SCRIPT = Buffer.from(`console.log(${JSON.stringify('a build chunk '.repeat(200))});`);

/** A build folder in memory: one script, one stylesheet, and the routes manifest's headers. */
function files() {
  return {
    '/build/static/chunks/app.js': SCRIPT,
    '/build/static/chunks/app.css': Buffer.from('body { color: black; }'),
    '/build/static/media/logo.png': Buffer.from('png'),
    '/build/routes-manifest.json': JSON.stringify({
      headers: [
        { regex: '^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] },
        { regex: '^/originals-host(?:/.*)?$', headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }] },
      ],
    }),
  };
}

async function readFile(file) {
  const body = files()[file];
  if (body === undefined) throw Object.assign(new Error(`ENOENT ${file}`), { code: 'ENOENT' });
  return body;
}

async function door() {
  return createStaticBrotli({ distDir: '/build', headersFor: await configuredHeaders('/build', readFile), readFile });
}

const get = (url, headers = { 'accept-encoding': 'gzip, deflate, br' }) => ({ method: 'GET', url, headers });

describe('the door sends the build’s scripts and stylesheets in brotli', () => {
  it('answers a script in brotli, with the security headers next.config gives every path', async () => {
    const { serve } = await door();
    const response = recorder();
    expect(await serve(get('/_next/static/chunks/app.js'), response)).toBe(true);
    expect(response.sent.status).toBe(200);
    expect(response.sent.headers).toMatchObject({
      'Content-Encoding': 'br',
      'Content-Type': 'application/javascript; charset=UTF-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      'X-Frame-Options': 'DENY',
    });
    expect(brotliDecompressSync(response.sent.body).equals(SCRIPT)).toBe(true);
    expect(response.sent.body.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('answers a repeat visit with 304 when the browser has it', async () => {
    const { serve } = await door();
    const first = recorder();
    await serve(get('/_next/static/chunks/app.css'), first);
    const again = recorder();
    const request = get('/_next/static/chunks/app.css', {
      'accept-encoding': 'br',
      'if-none-match': first.sent.headers.ETag,
    });
    expect(await serve(request, again)).toBe(true);
    expect(again.sent.status).toBe(304);
    expect(again.sent.body).toBeUndefined();
  });

  it('leaves to Next what it does not serve: no brotli, other files, pages, unknown files, escapes', async () => {
    const { serve } = await door();
    const passes = [
      get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate' }),
      get('/_next/static/chunks/app.js', { 'accept-encoding': 'br;q=0, gzip' }),
      get('/_next/static/media/logo.png'),
      get('/en'),
      get('/_next/static/chunks/missing.js'),
      get('/_next/static/../routes-manifest.json'),
      { method: 'POST', url: '/_next/static/chunks/app.js', headers: { 'accept-encoding': 'br' } },
    ];
    for (const request of passes) {
      const response = recorder();
      expect(await serve(request, response), request.url).toBe(false);
      expect(response.sent.status).toBeUndefined();
    }
  });

  it('keeps nothing for names the build does not have', async () => {
    let reads = 0;
    const { serve } = createStaticBrotli({
      distDir: '/build',
      headersFor: () => ({}),
      readFile: (file) => {
        reads += 1;
        return readFile(file);
      },
    });
    await serve(get('/_next/static/chunks/made-up.js'), recorder());
    await serve(get('/_next/static/chunks/made-up.js'), recorder());
    expect(reads).toBe(2);
  });

  it('compresses the static files ahead of their first visitor', async () => {
    let compressions = 0;
    const { serve, warm } = createStaticBrotli({
      distDir: '/build',
      headersFor: () => ({}),
      readFile,
      compress: async (body) => {
        compressions += 1;
        return body;
      },
    });
    await warm(async () => ['chunks/app.js', 'chunks/app.css']);
    expect(compressions).toBe(2);
    await serve(get('/_next/static/chunks/app.js'), recorder());
    expect(compressions).toBe(2);
  });
});

describe('acceptsBrotli', () => {
  it('reads the Accept-Encoding header', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br;q=0.5')).toBe(true);
    expect(acceptsBrotli('gzip, br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});
