import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { opsAs, type OpsMode } from '../helpers/ops';
import { staffCaller } from '../helpers/staff';
import { buildCashboxApp, signedInUser, type CashboxTestApp } from './cashbox-helpers';

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
});
afterAll(async () => t.close());

const popup = async (locale = 'en') =>
  (await t.app.inject({ url: '/spa/info-popup', headers: { 'x-locale': locale } })).json() as { id: number | null };

describe('POST /spa/staff/info-popups', () => {
  it('POST /spa/staff/info-popups publishes a new announcement in place of the current one', async () => {
    const staff = await staffCaller(t, ['content']);
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
      .poll(() => popup('de'), { timeout: 15_000 })
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
    // A staff action: audited with what it published.
    const audited = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.actorId, staff.id));
    expect(audited).toEqual([
      expect.objectContaining({
        event: 'staff_publish_info_popup',
        metadata: { infoPopupId: id },
        after: ANNOUNCEMENT,
      }),
    ]);
  });

  it('POST /spa/staff/info-popups refuses a missing default text or a link that is no site path or web address', async () => {
    const staff = await staffCaller(t, ['marketing']);
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
    const support = await staffCaller(t, ['support']);
    const notContent = await t.app.inject({ method: 'POST', url, headers: support.headers, payload: ANNOUNCEMENT });
    expectErrorEnvelope(notContent, 403, 'forbidden');
  });
});

describe.each(['api', 'in-process'] as const)('ops announce (%s)', (mode: OpsMode) => {
  it('publishes the announcement of a JSON file, and says what is wrong with a bad one', async () => {
    const { ops } = await opsAs(t, ['content'], mode);
    const folder = mkdtempSync(path.join(tmpdir(), 'announce-'));
    const good = path.join(folder, 'good.json');
    writeFileSync(good, JSON.stringify(ANNOUNCEMENT));
    const published = await ops(['announce', good]);
    expect(published.code).toBe(0);
    const id = Number(/#(\d+)/.exec(published.out)?.[1]);
    await expect.poll(async () => (await popup()).id, { timeout: 15_000 }).toBe(id);

    const bad = path.join(folder, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...ANNOUNCEMENT, hrefOnMainButton: 'javascript:alert(1)' }));
    const refused = await ops(['announce', bad]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('hrefOnMainButton');
    expect((await ops(['announce', path.join(folder, 'missing.json')])).code).toBe(2);
    expect((await popup()).id).toBe(id);
  });
});
