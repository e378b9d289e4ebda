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
      trustedProxies: [],
      webSecret: undefined,
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
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustedProxies).toEqual(['10.0.0.0/8', 'loopback']);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/db' }).databaseUrl).toBe('postgres://u:p@localhost/db');
  });

  it('refuses a TRUST_PROXY that would believe anyone, or that names no address', () => {
    for (const value of ['true', '2', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadConfig({ WEB_SECRET: 'short' })).toThrow(/WEB_SECRET/);
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

  it('does not change behaviour with NODE_ENV', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toEqual(loadConfig({ NODE_ENV: 'development' }));
  });
});
