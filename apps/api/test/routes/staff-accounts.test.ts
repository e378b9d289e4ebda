import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { auditResponseSchema, staffAccountsResponseSchema } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import { buildAccountsApp, type AccountsTestApp } from './auth-helpers';

let t: AccountsTestApp;
let admin: StaffCaller;
let admin2: StaffCaller;
let risk: StaffCaller;

beforeAll(async () => {
  t = await buildAccountsApp();
  admin = await staffCaller(t, ['admin']);
  admin2 = await staffCaller(t, ['admin']);
  risk = await staffCaller(t, ['risk']);
});
afterAll(async () => t.close());

const call = (who: StaffCaller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

describe('admins manage staff accounts', () => {
  it('lists, changes roles (a grant with a second admin), blocks and unblocks staff, each audited', async () => {
    const agent = await staffCaller(t, ['support'], { name: 'agent' });
    const account = { id: agent.id };

    const list = staffAccountsResponseSchema.parse((await call(admin, 'GET', '/spa/staff/accounts')).json());
    expect(list.items.map((item) => item.email)).toContain(agent.email);

    const asked = await call(admin, 'PUT', `/spa/staff/accounts/${account.id}/roles`, {
      roles: ['support', 'risk', 'risk'],
    });
    expect(asked.statusCode).toBe(202);
    const requestId = asked.json<{ request: { id: string } }>().request.id;
    const roles = await call(admin2, 'POST', `/spa/staff/accounts/requests/${requestId}/approve`);
    expect(roles.statusCode, roles.body).toBe(200);
    const after = staffAccountsResponseSchema.parse((await call(admin, 'GET', '/spa/staff/accounts')).json());
    expect(after.items.find((item) => item.id === account.id)).toMatchObject({ roles: ['support', 'risk'] });
    expectErrorEnvelope(
      await call(admin, 'PUT', `/spa/staff/accounts/${account.id}/roles`, { roles: ['superuser'] }),
      400,
      'validation_failed',
    );

    const blocked = await call(admin, 'POST', `/spa/staff/accounts/${account.id}/block`, {
      reason: 'left the company',
    });
    expect(blocked.json()).toMatchObject({ account: { status: 'blocked' } });
    const unblocked = await call(admin, 'POST', `/spa/staff/accounts/${account.id}/unblock`, { reason: 'came back' });
    expect(unblocked.json()).toMatchObject({ account: { status: 'active' } });
    const reset = await call(admin, 'POST', `/spa/staff/accounts/${account.id}/reset-totp`, { reason: 'new phone' });
    expect(reset.json()).toMatchObject({ account: { totpEnabled: false } });

    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.userId, account.id))
      .orderBy(schema.auditLog.id);
    expect(audit.map((row) => [row.event, row.actorId])).toEqual([
      ['staff_request_staff_roles', admin.id],
      ['staff_roles_changed', admin2.id],
      ['staff_approve_staff_roles', admin2.id],
      ['staff_blocked', admin.id],
      ['staff_unblocked', admin.id],
      ['staff_totp_reset', admin.id],
    ]);
    expect(audit[1]).toMatchObject({ before: { roles: ['support'] }, after: { roles: ['support', 'risk'] } });
    expect(audit[3]).toMatchObject({
      before: { status: 'active' },
      after: { status: 'blocked' },
      metadata: { reason: 'left the company' },
      ip: '127.0.0.1',
    });
  });

  it('nobody changes their own staff account; other roles cannot manage staff', async () => {
    expectErrorEnvelope(
      await call(admin, 'PUT', `/spa/staff/accounts/${admin.id}/roles`, { roles: ['admin', 'finance'] }),
      403,
      'own_account',
    );
    for (const action of ['block', 'reset-totp'] as const) {
      expectErrorEnvelope(
        await call(admin, 'POST', `/spa/staff/accounts/${admin.id}/${action}`, { reason: 'oops' }),
        403,
        'own_account',
      );
    }
    expectErrorEnvelope(await call(risk, 'GET', '/spa/staff/accounts'), 403, 'forbidden');
    expectErrorEnvelope(
      await call(risk, 'PUT', `/spa/staff/accounts/${risk.id}/roles`, { roles: ['admin'] }),
      403,
      'forbidden',
    );
    expectErrorEnvelope(
      await call(admin, 'PUT', '/spa/staff/accounts/999999/roles', { roles: ['risk'] }),
      404,
      'not_found',
    );
  });
});

describe('the audit log', () => {
  it('is read through GET /spa/staff/audit with filters by actor, account, event prefix and time', async () => {
    const before = new Date(Date.now() - 1_000).toISOString();
    const page = auditResponseSchema.parse(
      (
        await call(risk, 'GET', `/spa/staff/audit?actorId=${admin.id}&event=staff_*&from=${encodeURIComponent(before)}`)
      ).json(),
    );
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => item.actorId === admin.id && item.event.startsWith('staff_'))).toBe(true);
    const exact = auditResponseSchema.parse((await call(admin, 'GET', '/spa/staff/audit?event=staff_blocked')).json());
    expect(exact.items.map((item) => item.event)).toEqual(['staff_blocked']);
    expectErrorEnvelope(await call(admin, 'GET', '/spa/staff/audit?event=DROP%20TABLE'), 400, 'validation_failed');
    const support = await staffCaller(t, ['support']);
    expectErrorEnvelope(await call(support, 'GET', '/spa/staff/audit'), 403, 'forbidden');
  });

  it('cannot be changed or deleted: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const [row] = await t.db.select().from(schema.auditLog).limit(1);
    /** The database's own refusal, under the query error the driver wraps it in. */
    const refusal = async (query: PromiseLike<unknown>) => {
      const error: unknown = await Promise.resolve(query).then(
        () => null,
        (caught: unknown) => caught,
      );
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return cause instanceof Error ? cause.message : String(cause);
    };
    expect(
      await refusal(t.db.update(schema.auditLog).set({ event: 'forged' }).where(eq(schema.auditLog.id, row!.id))),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(t.db.delete(schema.auditLog).where(eq(schema.auditLog.id, row!.id)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(t.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    // Nor does deleting an account erase what it did: the log keeps its rows, so the account stays.
    await expect(t.db.delete(schema.users).where(eq(schema.users.id, admin.id))).rejects.toThrow();
    const [still] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.id, row!.id));
    expect(still).toEqual(row);
  });
});
