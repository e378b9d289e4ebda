import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { browserApi, withQuery } from './browser-api';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body?: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

describe('browserApi', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends JSON with the cookie, the locale and the retry key, and parses the answer', async () => {
    answer(201, { id: 3, extra: true });
    const data = await browserApi('/spa/things', z.object({ id: z.number() }), {
      method: 'POST',
      locale: 'de',
      body: { amount: '10.00' },
      idempotencyKey: 'key-12345',
    });
    expect(data).toEqual({ id: 3 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/spa/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"amount":"10.00"}' });
    expect(init?.headers).toMatchObject({
      'X-Locale': 'de',
      'Idempotency-Key': 'key-12345',
      'content-type': 'application/json',
    });
  });

  it('sends a FormData body as it is (multipart)', async () => {
    answer(204);
    const form = new FormData();
    form.set('fingerprint', 'ab');
    await expect(browserApi('/spa/users/fingerprints', null, { method: 'POST', body: form })).resolves.toBeNull();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it('turns an error envelope into an ApiError with its code and field problems', async () => {
    answer(400, {
      error: { code: 'validation_failed', message: 'Some fields are invalid.', fields: { phone: 'bad' } },
      requestId: 'r1',
    });
    const error = await browserApi('/spa/users', null, { method: 'POST', body: {} }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', fields: { phone: 'bad' }, requestId: 'r1' });
  });

  it('reports a failed connection as network_error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(browserApi('/spa/users/me', null)).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });

  it('builds the query string without empty values', () => {
    expect(withQuery('/spa/users/transactions', { kind: 'deposit', account: '', page: 2, from: undefined })).toBe(
      '/spa/users/transactions?kind=deposit&page=2',
    );
  });

  it('repeats a list parameter once per item, as the games call sends breakpoint[]', () => {
    expect(withQuery('/spa/games', { 'breakpoint[]': [0, 768], 'aspectRatio[]': '3x2', limit: 6 })).toBe(
      '/spa/games?breakpoint%5B%5D=0&breakpoint%5B%5D=768&aspectRatio%5B%5D=3x2&limit=6',
    );
  });
});

describe('zod in the browser', () => {
  it('parses without compiling, so it never tries the eval the content policy refuses', () => {
    expect(globalThis.__zod_globalConfig?.jitless).toBe(true);
  });
});
