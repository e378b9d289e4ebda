import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { COUNTRY_HEADER, WEB_SECRET_HEADER, countryCode } from '../../src/plugins/app/client-address';
import { buildAccountsApp, register, type AccountsTestApp } from '../routes/auth-helpers';

const WEB_SECRET = 'web-secret-for-the-visitor-country-test-0123';
let t: AccountsTestApp;
beforeAll(async () => {
  t = await buildAccountsApp({ env: { WEB_SECRET, TRUST_PROXY: '10.0.0.1' } });
});
afterAll(async () => t.close());

async function registrationMetadata(headers: Record<string, string>) {
  const { response } = await register(t.app, {}, headers);
  expect(response.statusCode).toBe(201);
  const { user } = response.json() as { user: { id: number } };
  const [entry] = await t.db
    .select({ metadata: schema.auditLog.metadata })
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.userId, user.id), eq(schema.auditLog.event, 'register')));
  return entry?.metadata;
}

describe('the visitor country (GEO_IPCOUNTRY)', () => {
  it('is recorded with the registration when the web server forwards it with its secret', async () => {
    const metadata = await registrationMetadata({
      [WEB_SECRET_HEADER]: WEB_SECRET,
      'x-forwarded-for': '198.51.100.20',
      [COUNTRY_HEADER]: 'GB',
    });
    expect(metadata).toMatchObject({ geoCountry: 'GB' });
  });

  it('is believed from nobody else: a browser naming its own country records none', async () => {
    const metadata = await registrationMetadata({ [COUNTRY_HEADER]: 'MT' });
    expect(metadata).not.toHaveProperty('geoCountry');
    const forged = await registrationMetadata({ [WEB_SECRET_HEADER]: `${WEB_SECRET}x`, [COUNTRY_HEADER]: 'MT' });
    expect(forged).not.toHaveProperty('geoCountry');
  });

  it('reads only two-letter codes, upper-cased; unknown and malformed ones are none', () => {
    expect(countryCode('gb')).toBe('GB');
    expect(countryCode(['DE', 'AT'])).toBe('AT');
    for (const value of ['XX', '--', 'GBR', '', undefined]) expect(countryCode(value)).toBeNull();
  });
});
