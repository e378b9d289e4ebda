import { generateKeyPairSync } from 'node:crypto';
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

  it('reads DATABASE_POOL_SIZE (20 by default) and refuses a pool too small to run a transaction beside a read', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '50' }).databasePoolSize).toBe(50);
    for (const value of ['1', '0', 'many', '2.5']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(ConfigError);
    }
  });

  it('refuses a TRUST_PROXY that would believe anyone, or that names no address', () => {
    for (const value of ['true', '2', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadConfig({ WEB_SECRET: 'short' })).toThrow(/WEB_SECRET/);
  });

  const PRODUCTION = {
    PLAYHOUSE_MODE: 'production',
    SEED_DEMO: 'false',
    PSP_SANDBOX: 'off',
    SITE_URL: 'https://play.operator.test',
    SMTP_URL: 'smtps://mailer:pw@smtp.operator.test',
    WEB_SECRET: 'Qm9pc3NvbiBkZSBsYSB3ZWIgc2VjcmV0ZSAyMDI2IQ',
    CAPTCHA_SECRET: 'VGhlIGNhcHRjaGEgc2VjcmV0IG9mIHRoaXMgc2l0ZQ',
    PROVIDER_SECRET_ORIGINALS: 'T3JpZ2luYWxzIHdhbGxldCBzaWduaW5nIGtleSAyMDI2',
    // An Ed25519 key made for this test only (PKCS#8 DER, base64).
    RECEIPT_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEIOfkYCtgRy1UiwB0d9ZoggIbPoc0c9nq+7qC5jBetSEn',
  };

  it('loads a production configuration that has nothing demo-only and real secrets', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.mode).toBe('production');
    expect(config.receipts.signingKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(config.payments.sandbox).toBe(false);
    expect(config.seedDemo).toBe(false);
  });

  it('refuses to start production on demo defaults, naming each value to change', () => {
    let error: unknown;
    try {
      loadConfig({ PLAYHOUSE_MODE: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    for (const name of [
      'SEED_DEMO',
      'PSP_SANDBOX',
      'SITE_URL',
      'SMTP_URL',
      'WEB_SECRET',
      'CAPTCHA_SECRET',
      'PROVIDER_SECRET_ORIGINALS',
      'RECEIPT_SIGNING_KEY',
    ]) {
      expect(
        issues.some((issue) => issue.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    }
    expect((error as ConfigError).message).toMatch(/^PLAYHOUSE_MODE=production refuses to start/);
  });

  it('refuses in production: demo-only switches, published or placeholder secrets, a weak feed token', () => {
    const refused = (extra: Record<string, string>, name: string) => {
      expect(() => loadConfig({ ...PRODUCTION, ...extra }), name).toThrow(new RegExp(`${name}:`));
    };
    refused({ FEED_SIMULATOR: 'on' }, 'FEED_SIMULATOR');
    refused({ DEMO_STAFF_PASSWORD: 'a-demo-password-123' }, 'DEMO_STAFF_PASSWORD');
    refused({ FEED_TOKEN: 'e2e-sports-feed-token-0123456789' }, 'FEED_TOKEN');
    refused({ WEB_SECRET: 'bench-web-secret-0123456789abcdefghijklmnop' }, 'WEB_SECRET');
    refused({ CAPTCHA_SECRET: 'change-me-change-me-change-me-change-me' }, 'CAPTCHA_SECRET');
    refused({ WEB_SECRET: 'a'.repeat(40) }, 'WEB_SECRET');
    refused({ PROVIDER_SECRET_NETSTAR: 'x'.repeat(40) }, 'PROVIDER_SECRET_NETSTAR');
    // The same values are fine for a demo.
    expect(() => loadConfig({ FEED_SIMULATOR: 'on', FEED_TOKEN: 'e2e-sports-feed-token-0123456789' })).not.toThrow();
  });

  it("plays the simulator's matches in real time unless told to go faster, within bounds", () => {
    expect(loadConfig({}).sports).toMatchObject({ simulatorSpeed: 1, simulatorLiveIntervalMs: 2_000 });
    expect(loadConfig({ FEED_SIMULATOR_SPEED: '10' }).sports.simulatorSpeed).toBe(10);
    expect(() => loadConfig({ FEED_SIMULATOR_SPEED: '0.5' })).toThrow(/FEED_SIMULATOR_SPEED:/);
    expect(() => loadConfig({ FEED_SIMULATOR_SPEED: '500' })).toThrow(/FEED_SIMULATOR_SPEED:/);
    expect(() => loadConfig({ FEED_SIMULATOR_LIVE_INTERVAL_MS: '10' })).toThrow(/FEED_SIMULATOR_LIVE_INTERVAL_MS:/);
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

  it('allows predictable Originals seeds (TEST_SEEDS) on a loopback test site only', () => {
    expect(loadConfig({}).casino.predictableSeeds).toBe(false);
    expect(loadConfig({ TEST_SEEDS: 'on', SITE_URL: 'http://localhost:3102' }).casino.predictableSeeds).toBe(true);
    expect(() => loadConfig({ TEST_SEEDS: 'on', SITE_URL: 'https://casino.example.com' })).toThrow(/TEST_SEEDS/);
  });

  it('does not change behaviour with NODE_ENV', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toEqual(loadConfig({ NODE_ENV: 'development' }));
  });

  it('takes a receipt signing key as PEM or base64 DER, and refuses one that is not Ed25519', () => {
    const pem = loadConfig({ RECEIPT_SIGNING_KEY: PRODUCTION.RECEIPT_SIGNING_KEY }).receipts.signingKey!;
    expect(loadConfig({ RECEIPT_SIGNING_KEY: pem }).receipts.signingKey).toBe(pem);
    expect(loadConfig({ RECEIPT_SIGNING_KEY: pem.replace(/\n/g, '\\n') }).receipts.signingKey).toBe(pem);
    expect(() => loadConfig({ RECEIPT_SIGNING_KEY: 'bm90IGEga2V5' })).toThrow(/RECEIPT_SIGNING_KEY/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => loadConfig({ RECEIPT_SIGNING_KEY: rsa.toString() })).toThrow(/Ed25519/);
  });
});
