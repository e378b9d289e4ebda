import { describe, expect, it } from 'vitest';
import { checkSignature, signBody } from './provider-signature';

const SECRET = 'a-provider-secret-of-thirty-two-chars!';
const WINDOW = 300_000;
const NOW = new Date('2026-03-01T12:00:00Z');
const at = (offsetSeconds: number) => String(Math.floor(NOW.getTime() / 1000) + offsetSeconds);

function call(rawBody: string, timestamp: string, signedTimestamp = timestamp) {
  return { rawBody, timestamp, signature: signBody(SECRET, rawBody, signedTimestamp) };
}

describe('provider signatures', () => {
  it('accepts a call signed within the window on either side, and refuses one outside it as expired', () => {
    const body = '{"amount":"1.00"}';
    expect(checkSignature(SECRET, call(body, at(0)), NOW, WINDOW)).toBe('ok');
    expect(checkSignature(SECRET, call(body, at(-300)), NOW, WINDOW)).toBe('ok');
    expect(checkSignature(SECRET, call(body, at(300)), NOW, WINDOW)).toBe('ok');
    expect(checkSignature(SECRET, call(body, at(-301)), NOW, WINDOW)).toBe('expired');
    expect(checkSignature(SECRET, call(body, at(301)), NOW, WINDOW)).toBe('expired');
  });

  it('signs the timestamp with the body: moving either breaks the signature', () => {
    const body = '{"amount":"1.00"}';
    expect(checkSignature(SECRET, call(body, at(0), at(-1)), NOW, WINDOW)).toBe('invalid');
    expect(checkSignature(SECRET, { ...call(body, at(0)), rawBody: '{"amount":"9.00"}' }, NOW, WINDOW)).toBe('invalid');
    expect(checkSignature('another-secret-of-thirty-two-chars!!', call(body, at(0)), NOW, WINDOW)).toBe('invalid');
  });

  it('calls a missing or malformed timestamp or signature invalid, never expired', () => {
    const body = '{}';
    const signed = call(body, at(0));
    expect(checkSignature(SECRET, { ...signed, timestamp: undefined }, NOW, WINDOW)).toBe('invalid');
    expect(checkSignature(SECRET, { ...signed, signature: undefined }, NOW, WINDOW)).toBe('invalid');
    expect(checkSignature(SECRET, { ...signed, timestamp: '12.5' }, NOW, WINDOW)).toBe('invalid');
    expect(checkSignature(SECRET, { ...signed, signature: 'zz' }, NOW, WINDOW)).toBe('invalid');
  });
});
