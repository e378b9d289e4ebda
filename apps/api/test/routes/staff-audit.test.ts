import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { auditResponseSchema } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import { buildAccountsApp, type AccountsTestApp } from './auth-helpers';

let t: AccountsTestApp;
let admin: StaffCaller;
let risk: StaffCaller;
let target: StaffCaller;

const call = (who: StaffCaller, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const page = async (who: StaffCaller, url: string) => {
  const response = await call(who, url);
  expect(response.statusCode, response.body).toBe(200);
  return auditResponseSchema.parse(response.json());
};

beforeAll(async () => {
  t = await buildAccountsApp();
  admin = await staffCaller(t, ['admin'], { name: 'audit_admin' });
  risk = await staffCaller(t, ['risk'], { name: 'audit_risk' });
  target = await staffCaller(t, ['support'], { name: 'audit_target' });
  // Twelve staff actions on one account, then a formula someone typed into a reason.
  for (let round = 0; round < 4; round += 1) {
    for (const action of ['block', 'unblock', 'reset-totp'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/spa/staff/accounts/${target.id}/${action}`,
        headers: admin.headers,
        payload: { reason: round === 3 && action === 'reset-totp' ? '=HYPERLINK("http://x","y")' : `round ${round}` },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  }
});
afterAll(async () => t.close());

describe('GET /spa/staff/audit (the paging contract)', () => {
  it('pages the filtered log newest first, with the logins of actor and account', async () => {
    const first = await page(risk, `/spa/staff/audit?userId=${target.id}&pageSize=5`);
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 5 });
    expect(first.items).toHaveLength(5);
    expect(first.items[0]).toMatchObject({
      event: 'staff_totp_reset',
      actorId: admin.id,
      actorLogin: 'audit_admin',
      userId: target.id,
      userLogin: 'audit_target',
    });
    const third = await page(risk, `/spa/staff/audit?userId=${target.id}&pageSize=5&page=3`);
    expect(third.items).toHaveLength(2);
    const ids = [...first.items, ...third.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(7);
    expect(first.items.map((item) => item.id)).toEqual([...first.items.map((item) => item.id)].sort((a, b) => b - a));
  });

  it('sorts by a whitelisted column either way, and refuses any other sort', async () => {
    const ascending = await page(risk, `/spa/staff/audit?userId=${target.id}&sort=event&dir=asc&pageSize=100`);
    const events = ascending.items.map((item) => item.event);
    expect(events).toEqual([...events].sort());
    expect(events[0]).toBe('staff_blocked');
    for (const sort of ['ip', 'metadata', 'created_at;drop table audit_log', 'id']) {
      expectErrorEnvelope(
        await call(risk, `/spa/staff/audit?sort=${encodeURIComponent(sort)}`),
        400,
        'validation_failed',
      );
    }
    for (const bad of ['page=0', 'pageSize=101', 'dir=sideways', 'format=xml', 'from=yesterday', 'actorId=-1']) {
      expectErrorEnvelope(await call(risk, `/spa/staff/audit?${bad}`), 400, 'validation_failed');
    }
  });

  it('filters by the actor’s login, an event prefix and a period of days', async () => {
    const byLogin = await page(risk, `/spa/staff/audit?actor=AUDIT_ADM&event=staff_un*`);
    expect(byLogin.total).toBe(4);
    expect(byLogin.items.every((item) => item.event === 'staff_unblocked' && item.actorId === admin.id)).toBe(true);
    // A wildcard typed into the login is a character, not a pattern.
    expect((await page(risk, '/spa/staff/audit?actor=%25')).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(risk, `/spa/staff/audit?userId=${target.id}&from=${today}&to=${today}`)).total).toBe(12);
    expect((await page(risk, `/spa/staff/audit?userId=${target.id}&to=2020-01-01`)).total).toBe(0);
  });

  it('exports every filtered row as CSV, defusing formulas typed into reasons, changing nothing', async () => {
    const rowsBefore = await t.db.select().from(schema.auditLog);
    const response = await call(admin, `/spa/staff/audit?userId=${target.id}&pageSize=2&page=2&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const rows = parse(response.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual([
      'id',
      'time',
      'event',
      'actor id',
      'actor',
      'account id',
      'account',
      'address',
      'details',
      'before',
      'after',
    ]);
    // The whole filtered result, not the page asked.
    expect(rows).toHaveLength(13);
    expect(rows.slice(1).every((row) => row[4] === 'audit_admin' && row[6] === 'audit_target')).toBe(true);
    const formula = rows.find((row) => row[8]!.includes('HYPERLINK'));
    expect(formula?.[8]?.startsWith('{')).toBe(true);
    expect(rows.flat().some((cell) => /^[=+@]/.test(cell))).toBe(false);
    expect(await t.db.select().from(schema.auditLog)).toEqual(rowsBefore);
  });

  it('is refused to support, and to visitors before anything is read', async () => {
    const support = await staffCaller(t, ['support']);
    expectErrorEnvelope(await call(support, '/spa/staff/audit?format=csv'), 403, 'forbidden');
    const visitor = await t.app.inject({ method: 'GET', url: '/spa/staff/audit?sort=nonsense' });
    expectErrorEnvelope(visitor, 401, 'unauthorized');
  });
});
