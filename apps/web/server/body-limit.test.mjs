import { describe, expect, it, vi } from 'vitest';
import { refuseOversizeBody, SPA_BODY_LIMIT_BYTES } from './body-limit.mjs';

function response() {
  return {
    status: 0,
    headers: {},
    body: '',
    writeHead(status, headers) {
      this.status = status;
      this.headers = headers;
    },
    end(body) {
      this.body = body;
    },
  };
}

describe('the web server’s body limit for the api', () => {
  it('answers a /spa upload announced over 10 MiB itself: 413 in the api’s envelope, a warning in the log', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = response();
    const request = { url: '/spa/staff/content/media', headers: { 'content-length': String(12 * 1024 * 1024) } };
    expect(refuseOversizeBody(request, answer)).toBe(true);
    expect(answer.status).toBe(413);
    const body = JSON.parse(answer.body);
    expect(body).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large: at most 10 MiB here.' },
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(answer.headers['x-request-id']).toBe(body.requestId);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0][0])).not.toContain('stack');
    warn.mockRestore();
  });

  it('lets smaller bodies, pages and bodies of unknown size through to Next', () => {
    const answer = response();
    const at = (url, length) => ({ url, headers: length === undefined ? {} : { 'content-length': String(length) } });
    expect(refuseOversizeBody(at('/spa/users/documents/identity', SPA_BODY_LIMIT_BYTES), answer)).toBe(false);
    expect(refuseOversizeBody(at('/en/cashbox', 50 * 1024 * 1024), answer)).toBe(false);
    expect(refuseOversizeBody(at('/spa/users', undefined), answer)).toBe(false);
    expect(answer.status).toBe(0);
  });
});
