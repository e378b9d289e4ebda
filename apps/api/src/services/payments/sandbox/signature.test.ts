import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './signature';

const SECRET = 'whsec_test';
const NOW = new Date('2030-01-01T00:00:00Z');
const BODY = '{"id":"evt_1","type":"payment.succeeded"}';

describe('sandbox webhook signatures', () => {
  it('signs "t.body" with HMAC-SHA256 in the t=..,v1=.. header', () => {
    const timestamp = NOW.getTime() / 1000;
    const expected = createHmac('sha256', SECRET).update(`${timestamp}.${BODY}`).digest('hex');
    expect(signPayload(SECRET, BODY, NOW)).toBe(`t=${timestamp},v1=${expected}`);
  });

  it('accepts its own signature within five minutes either way', () => {
    const header = signPayload(SECRET, BODY, NOW);
    for (const offset of [0, 299_000, -299_000]) {
      expect(() => verifySignature(SECRET, header, BODY, new Date(NOW.getTime() + offset))).not.toThrow();
    }
  });

  it('refuses another secret, another body, an old timestamp and malformed headers', () => {
    const header = signPayload(SECRET, BODY, NOW);
    const refused = (secret: string, value: string | undefined, body: string, at = NOW) =>
      expect(() => verifySignature(secret, value, body, at)).toThrow(/signature/);
    refused('other', header, BODY);
    refused(SECRET, header, `${BODY} `);
    refused(SECRET, header, BODY, new Date(NOW.getTime() + 301_000));
    refused(SECRET, undefined, BODY);
    refused(SECRET, 'v1=abc', BODY);
    refused(SECRET, header.replace(/v1=.*/, 'v1=zz'), BODY);
  });

  it('accepts a header carrying several v1 signatures when one matches (secret rotation)', () => {
    const header = signPayload(SECRET, BODY, NOW);
    const other = signPayload('old-secret', BODY, NOW).split(',')[1];
    expect(() => verifySignature(SECRET, `${header},${other}`, BODY, NOW)).not.toThrow();
  });
});
