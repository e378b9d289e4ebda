import { describe, expect, it } from 'vitest';
import { createForwarding, parseTrustedProxies, WEB_SECRET_HEADER } from './forwarding.mjs';

const SECRET = 'web-secret-for-the-forwarding-test-0123456789';

function request(remoteAddress, headers) {
  return { socket: { remoteAddress }, headers: { ...headers } };
}

describe('the web server’s forwarding headers', () => {
  it('drops the address and the secret a browser writes and forwards its TCP peer instead', () => {
    const forward = createForwarding({ trustedProxies: [], webSecret: SECRET });
    const incoming = request('127.0.0.1', {
      'x-forwarded-for': '203.0.113.9',
      'x-real-ip': '203.0.113.10',
      forwarded: 'for=203.0.113.11',
      'x-forwarded-proto': 'https',
      [WEB_SECRET_HEADER]: 'guessed',
      geo_ipcountry: 'GB',
      cookie: 'ph_session=abc',
    });
    expect(forward(incoming)).toBe('127.0.0.1');
    expect(incoming.headers).toEqual({
      'x-forwarded-for': '127.0.0.1',
      [WEB_SECRET_HEADER]: SECRET,
      cookie: 'ph_session=abc',
    });
  });

  it('takes the address the trusted edge appended, and the edge’s scheme and host', () => {
    const forward = createForwarding({ trustedProxies: ['10.0.0.0/8'], webSecret: SECRET });
    const incoming = request('10.0.0.5', {
      'x-forwarded-for': '6.6.6.6, 198.51.100.7',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'play.example',
      geo_ipcountry: 'mt',
    });
    expect(forward(incoming)).toBe('198.51.100.7');
    expect(incoming.headers.geo_ipcountry).toBe('MT');
    expect(incoming.headers).toMatchObject({
      'x-forwarded-for': '198.51.100.7',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'play.example',
    });
  });

  it('falls back to the peer when the edge sends no usable address, and adds no secret when none is set', () => {
    const forward = createForwarding({ trustedProxies: ['loopback'], webSecret: undefined });
    const incoming = request('127.0.0.1', { 'x-forwarded-for': 'not-an-address' });
    expect(forward(incoming)).toBe('127.0.0.1');
    expect(incoming.headers).toEqual({ 'x-forwarded-for': '127.0.0.1' });
  });

  it('refuses a TRUST_PROXY that would trust anyone', () => {
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies('10.0.0.1, loopback')).toEqual(['10.0.0.1', 'loopback']);
    expect(() => parseTrustedProxies('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustedProxies('1')).toThrow(/TRUST_PROXY/);
  });

  it('keeps the edge’s country only when it is a two-letter code', () => {
    const forward = createForwarding({ trustedProxies: ['10.0.0.0/8'], webSecret: SECRET });
    for (const value of ['XX', '--', 'GBR', '', '1A']) {
      const incoming = request('10.0.0.5', { 'x-forwarded-for': '198.51.100.7', geo_ipcountry: value });
      forward(incoming);
      expect(incoming.headers).not.toHaveProperty('geo_ipcountry');
    }
  });
});
