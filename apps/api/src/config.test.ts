import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      siteUrl: 'http://localhost:3000',
      allowedOrigins: ['http://localhost:3000'],
      logLevel: 'info',
      seedDemo: true,
      trustProxy: ['loopback'],
    });
    expect(path.basename(config.dataDir)).toBe('.data');
    expect(path.dirname(config.dataDir)).toBe(path.resolve(import.meta.dirname, '../../..'));
  });

  it('derives the allowed origin from SITE_URL and reads an explicit list of origins', () => {
    expect(loadConfig({ SITE_URL: 'https://play.example/some/path' }).allowedOrigins).toEqual(['https://play.example']);
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example/, http://b.example:8080' }).allowedOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
  });

  it('reads SEED_DEMO, TRUST_PROXY and DATABASE_URL', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1), hops('10.0.0.1', 2)]).toEqual([true, true, false]);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/db' }).databaseUrl).toBe('postgres://u:p@localhost/db');
  });

  it('keeps memory:// and resolves a relative DATA_DIR against the repository root', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).dataDir).toBe('/tmp/x');
    expect(loadConfig({ DATA_DIR: 'var/db' }).dataDir).toBe(path.resolve(import.meta.dirname, '../../..', 'var/db'));
  });

  it('refuses bad values, listing every one', () => {
    let error: unknown;
    try {
      loadConfig({ API_PORT: 'eighty', SEED_DEMO: 'maybe', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    for (const name of ['API_PORT', 'SEED_DEMO', 'DATABASE_URL', 'LOG_LEVEL']) expect(issues).toContain(name);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://ok.example, nonsense' })).toThrow(ConfigError);
    expect(() => loadConfig({ SITE_URL: 'ftp://files.example' })).toThrow(ConfigError);
  });

  it('caps casino rounds per currency, with CASINO_MAX_WIN_<CUR> over the defaults', () => {
    expect(loadConfig({}).casino.maxWinPerRound).toEqual({
      EUR: 10_000_000n,
      USD: 10_000_000n,
      GBP: 10_000_000n,
      BRL: 50_000_000n,
      RUB: 1_000_000_000n,
    });
    expect(loadConfig({ CASINO_MAX_WIN_EUR: '2500.50' }).casino.maxWinPerRound.EUR).toBe(250_050n);
    for (const bad of ['0', '-5', 'lots', '1.005']) {
      expect(() => loadConfig({ CASINO_MAX_WIN_GBP: bad }), bad).toThrow(/CASINO_MAX_WIN_GBP/);
    }
  });

  it('does not change behaviour with NODE_ENV', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toEqual(loadConfig({ NODE_ENV: 'development' }));
  });
});
