import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fetchMock = vi.fn<typeof fetch>();

describe("the page's error reports", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(new Response('{"accepted":true}', { status: 202 }));
    window.history.replaceState(null, '', '/en/auth/reset?token=secret');
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends an error with its name, message, stack and the path without the query', async () => {
    const { reportClientError } = await import('./error-reports');
    const error = new TypeError('odds is undefined');
    reportClientError('window', error);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/spa/client-errors');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      source: 'window',
      name: 'TypeError',
      message: 'odds is undefined',
      path: '/en/auth/reset',
    });
    expect(body.stack).toContain('odds is undefined');
    expect(String(init?.body)).not.toContain('secret');
  });

  it('sends the same error once and at most five reports per page', async () => {
    const { reportClientError, reportCaptchaError } = await import('./error-reports');
    reportClientError('window', new Error('same'));
    reportClientError('window', new Error('same'));
    for (let index = 0; index < 10; index += 1) reportClientError('boundary', `thrown ${index}`);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    reportCaptchaError('widget down');
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('reports a captcha widget failure to /spa/hcaptchaError/create', async () => {
    const { reportCaptchaError } = await import('./error-reports');
    reportCaptchaError('challenge could not be fetched');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/spa/hcaptchaError/create');
    expect(JSON.parse(String(init?.body))).toEqual({
      message: 'challenge could not be fetched',
      path: '/en/auth/reset',
    });
  });
});
