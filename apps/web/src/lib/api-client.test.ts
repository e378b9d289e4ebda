// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getCategory, getInfoPopup, getLocales, getPageMetadata } from './api-client';

const fetchMock = vi.fn<typeof fetch>();
const queued: Response[] = [];
/** The api's content version as /spa/content-version answers it. */
let version = 7;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answer(status: number, body: unknown) {
  queued.push(json(status, body));
}

/** The calls other than the content version's. */
const apiCalls = () => fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('/spa/content-version'));

const POPUP = {
  id: 2,
  text: 'Hi',
  buttonText: 'Go',
  closeButtonText: 'Close',
  hrefOnCloseButton: '/',
  hrefOnMainButton: '/app-page',
  showInfoPopup: true,
};

describe('api client', () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/spa/content-version') ? json(200, { version: String(version) }) : queued.shift()!,
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubEnv('API_URL', 'http://127.0.0.1:4999');
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('calls the api on API_URL with the locale in X-Locale and the query encoded', async () => {
    answer(200, {
      title: 'T',
      keywords: '',
      description: '',
      imageUrl: null,
      gameTitle: null,
      jsonId: null,
      customMetaTags: [],
      robots: { index: true, follow: true },
    });
    await getPageMetadata('de', '/category/slots');
    const [url, init] = apiCalls()[0]!;
    expect(url).toBe('http://127.0.0.1:4999/spa/seo/page-metadata?routePath=%2Fcategory%2Fslots');
    expect((init?.headers as Record<string, string>)['X-Locale']).toBe('de');
  });

  it('keys every kept answer by the content version, which an edit raises: the next render asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      answer(200, POPUP);
      await getInfoPopup('en');
      const first = apiCalls()[0]![1]?.headers as Record<string, string>;
      expect(first['X-Content-Version']).toBe(String(version));
      // Within a second the version read is trusted; after it the edit's new version is read and sent.
      version += 1;
      vi.advanceTimersByTime(1_500);
      answer(200, POPUP);
      await getInfoPopup('en');
      const second = apiCalls()[1]![1]?.headers as Record<string, string>;
      expect(second['X-Content-Version']).toBe(String(version));
    } finally {
      vi.useRealTimers();
    }
  });

  it('returns the answer parsed by its shared schema', async () => {
    answer(200, POPUP);
    await expect(getInfoPopup('en')).resolves.toEqual(POPUP);
  });

  it('refuses an answer that does not match the contract', async () => {
    answer(200, { locales: [{ value: 'xx' }] });
    await expect(getLocales()).rejects.toThrow();
  });

  it('turns an error envelope into an ApiError with its code', async () => {
    answer(400, { error: { code: 'unknown_locale', message: 'Unknown locale "xx".' }, requestId: 'r1' });
    const error = await getInfoPopup('en').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'unknown_locale', requestId: 'r1' });
  });

  it('gives null for an unknown category and throws on other failures', async () => {
    answer(404, { error: { code: 'not_found', message: 'No such category.' }, requestId: 'r2' });
    await expect(getCategory('en', 'nope')).resolves.toBeNull();
    answer(500, { error: { code: 'internal_error', message: 'Internal error.' }, requestId: 'r3' });
    await expect(getCategory('en', 'slots')).rejects.toMatchObject({ status: 500 });
  });
});
