import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { runOps } from '../../src/ops/run-ops';
import type { Transport } from '../../src/ops/staff-api';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { buildCashboxApp, signedInUser, type CashboxTestApp } from './cashbox-helpers';

const STAFF = { email: 'content-ops@example.com', password: 'content ops passphrase' };

const ANNOUNCEMENT = {
  text: { en: 'Tonight: double points on every slot.', de: 'Heute Abend: doppelte Punkte an jedem Slot.' },
  buttonText: { en: 'Play now', de: 'Jetzt spielen' },
  closeButtonText: { en: 'Later' },
  hrefOnMainButton: '/category/slots',
  hrefOnCloseButton: '/',
};

let t: CashboxTestApp;

beforeAll(async () => {
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000' });
  await t.app.services.accounts.createUser({ ...STAFF, role: 'staff' }, { id: null, ip: null, via: 'direct' as const });
});
afterAll(async () => t.close());

const popup = async (locale = 'en') =>
  (await t.app.inject({ url: '/spa/info-popup', headers: { 'x-locale': locale } })).json() as { id: number | null };

describe('POST /spa/staff/info-popups', () => {
  it('POST /spa/staff/info-popups publishes a new announcement in place of the current one', async () => {
    const staff = await signedInUser(t, { role: 'staff' });
    const before = await popup();
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/info-popups',
      headers: staff.headers,
      payload: ANNOUNCEMENT,
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: number };
    expect(id).not.toBe(before.id);
    // Kept answers are dropped when the database announces the change (on PostgreSQL a moment after the commit).
    await expect
      .poll(() => popup('de'), { timeout: 5_000 })
      .toEqual({
        id,
        text: ANNOUNCEMENT.text.de,
        buttonText: ANNOUNCEMENT.buttonText.de,
        closeButtonText: 'Later',
        hrefOnMainButton: '/category/slots',
        hrefOnCloseButton: '/',
        showInfoPopup: true,
      });
    const active = await t.db.select().from(schema.infoPopups).where(eq(schema.infoPopups.active, true));
    expect(active.map((row) => row.id)).toEqual([id]);
  });

  it('POST /spa/staff/info-popups refuses a missing default text or a link that is no site path or web address', async () => {
    const staff = await signedInUser(t, { role: 'staff' });
    const before = await popup();
    for (const payload of [
      { ...ANNOUNCEMENT, text: { de: 'Nur Deutsch' } },
      { ...ANNOUNCEMENT, hrefOnMainButton: 'javascript:alert(1)' },
      { ...ANNOUNCEMENT, hrefOnCloseButton: '//evil.example/' },
      { ...ANNOUNCEMENT, buttonText: { en: '' } },
      { ...ANNOUNCEMENT, extra: true },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/staff/info-popups',
        headers: staff.headers,
        payload,
      });
      expectErrorEnvelope(response, 400, 'validation_failed');
    }
    expect(await popup()).toEqual(before);
  });

  it('POST /spa/staff/info-popups answers 401 without a session and 403 to a player', async () => {
    const player = await signedInUser(t);
    const url = '/spa/staff/info-popups';
    const anonymous = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: 'http://localhost:3000' },
      payload: ANNOUNCEMENT,
    });
    expect(anonymous.statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'POST', url, headers: player.headers, payload: ANNOUNCEMENT });
    expect(refused.statusCode).toBe(403);
  });
});

const injectTransport: Transport = async ({ method, path: url, headers, body }) => {
  const response = await t.app.inject({ method, url, headers, ...(body !== undefined ? { payload: body } : {}) });
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    body: response.body,
    setCookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
  };
};

async function ops(argv: string[], mode: 'api' | 'direct') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(mode === 'direct' ? [...argv, '--direct'] : argv, {
    env: {
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      ...(mode === 'api' ? { OPS_LOGIN: STAFF.email, OPS_PASSWORD: STAFF.password } : {}),
    },
    transport: injectTransport,
    openDatabase: async () => ({ ...t.handle, close: async () => undefined }),
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe.each(['api', 'direct'] as const)('ops announce (%s)', (mode) => {
  it('publishes the announcement of a JSON file, and says what is wrong with a bad one', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'announce-'));
    const good = path.join(folder, 'good.json');
    writeFileSync(good, JSON.stringify(ANNOUNCEMENT));
    const published = await ops(['announce', good], mode);
    expect(published.code).toBe(0);
    const id = Number(/#(\d+)/.exec(published.out)?.[1]);
    await expect.poll(async () => (await popup()).id, { timeout: 5_000 }).toBe(id);

    const bad = path.join(folder, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...ANNOUNCEMENT, hrefOnMainButton: 'javascript:alert(1)' }));
    const refused = await ops(['announce', bad], mode);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('hrefOnMainButton');
    expect((await ops(['announce', path.join(folder, 'missing.json')], mode)).code).toBe(2);
    expect((await popup()).id).toBe(id);
  });
});
