import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  it('defaults to the local api and site', () => {
    expect(readEnv({})).toEqual({ API_URL: 'http://127.0.0.1:4000', SITE_URL: 'http://localhost:3000' });
    expect(readEnv({ WEB_SECRET: 'w'.repeat(32) }).WEB_SECRET).toBe('w'.repeat(32));
  });

  it('drops trailing slashes so paths join cleanly', () => {
    expect(readEnv({ API_URL: 'http://api:4000/', SITE_URL: 'https://play.example.com/' })).toEqual({
      API_URL: 'http://api:4000',
      SITE_URL: 'https://play.example.com',
    });
  });

  it('refuses an address that is not http(s)', () => {
    expect(() => readEnv({ SITE_URL: 'play.example.com' })).toThrow();
    expect(() => readEnv({ API_URL: 'ftp://api' })).toThrow();
    expect(() => readEnv({ WEB_SECRET: 'too-short' })).toThrow();
  });
});
