import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import type { StaffAccount, StaffRequest } from '@playhouse/shared';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { WITHHELD_SECRET } from '../../src/services/email/email-service';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { staffCaller, totpCode, type StaffCaller } from '../helpers/staff';
import { BROWSER, buildAccountsApp, mailboxTo, type AccountsTestApp } from './auth-helpers';

/**
 * Issue 19, finding 1: an admin built the second pair of eyes. `POST /spa/staff/accounts` took a password the admin
 * chose, and each new account set up its TOTP at its first sign-in, so the admin held both factors of two finance
 * accounts (one asked a 5,000.00 adjustment, the other approved it; a 4,900.00 withdrawal was approved and paid the
 * same way). The admin could also raise what one finance member applies alone.
 */
let t: AccountsTestApp;
let admin: StaffCaller;
let admin2: StaffCaller;
let finance: StaffCaller;

beforeAll(async () => {
  t = await buildAccountsApp({ env: { RATE_LIMIT_MAX: '100000' } });
  admin = await staffCaller(t, ['admin']);
  admin2 = await staffCaller(t, ['admin']);
  finance = await staffCaller(t, ['finance']);
});
afterAll(async () => t.close());

const call = (who: { headers: Record<string, string> }, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(body ? { payload: body } : {}) });

const staffLogin = (login: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/spa/auth/staff/login', headers: BROWSER, payload: { login, password } });

/** The invitation link in the invitee's mailbox (the server's mail folder), and its token. */
async function invitationToken(email: string): Promise<string> {
  const [mail] = await mailboxTo(t, email);
  expect(mail, `an invitation to ${email}`).toBeDefined();
  const link = /https?:\/\/\S+\/staff\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!);
  expect(link, mail).not.toBeNull();
  return link![1]!;
}

async function pendingStaffRequests(): Promise<StaffRequest[]> {
  const response = await call(admin2, 'GET', '/spa/staff/accounts/requests?status=pending');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: StaffRequest[] }>().items;
}

describe('issue 19, finding 1: an admin builds the second pair of eyes', () => {
  it('a new staff account never has a password the admin chose', async () => {
    const response = await call(admin, 'POST', '/spa/staff/accounts', {
      email: 'fin-a@staff.example',
      password: 'chosen by the admin 1',
      roles: ['finance'],
    });
    expect(response.statusCode).not.toBe(201);
    expectErrorEnvelope(await staffLogin('fin-a@staff.example', 'chosen by the admin 1'), 401, 'invalid_credentials');
    const [row] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.users)
      .where(eq(schema.users.email, 'fin-a@staff.example'));
    expect(row!.count).toBe(0);
  });

  it('inviting to a money role is a request: nothing is sent until a second admin approves', async () => {
    const asked = await call(admin, 'POST', '/spa/staff/accounts', {
      email: 'fin-b@staff.example',
      roles: ['finance'],
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { request } = asked.json<{ request: StaffRequest }>();
    expect(request).toMatchObject({ kind: 'staff_invitation', status: 'pending', requestedBy: admin.id });
    expect(await mailboxTo(t, 'fin-b@staff.example')).toEqual([]);
    expectErrorEnvelope(
      await call(admin, 'POST', `/spa/staff/accounts/requests/${request.id}/approve`),
      403,
      'four_eyes_required',
    );
    expectErrorEnvelope(
      await call(finance, 'POST', `/spa/staff/accounts/requests/${request.id}/approve`),
      403,
      'forbidden',
    );
    expect(await mailboxTo(t, 'fin-b@staff.example')).toEqual([]);

    const approved = await call(admin2, 'POST', `/spa/staff/accounts/requests/${request.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const token = await invitationToken('fin-b@staff.example');
    // The outbox staff read (and the audit log) never hold the link.
    const outbox = await t.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, 'fin-b@staff.example'));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.text).toContain(WITHHELD_SECRET);
    expect(outbox[0]!.text).not.toContain(token);
    const audit = await t.db.select().from(schema.auditLog);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('the invitee sets their own password and second factor; the link works once', async () => {
    const asked = await call(admin, 'POST', '/spa/staff/accounts', {
      email: 'agent@staff.example',
      roles: ['content'],
    });
    // A role that touches neither money nor players goes out at once.
    expect(asked.statusCode, asked.body).toBe(201);
    const token = await invitationToken('agent@staff.example');

    const opened = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/staff/invitation',
      headers: BROWSER,
      payload: { token },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const invitation = opened.json<{ email: string; roles: string[]; totp: { secret: string; uri: string } }>();
    expect(invitation).toMatchObject({ email: 'agent@staff.example', roles: ['content'] });

    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/spa/auth/staff/invitation/accept',
        headers: BROWSER,
        payload: { token, password: 'my own passphrase 9', code: '000000' },
      }),
      401,
      'invalid_totp_code',
    );
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/staff/invitation/accept',
      headers: BROWSER,
      payload: { token, password: 'my own passphrase 9', code: await totpCode(invitation.totp.secret) },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const session = accepted.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session).toBeDefined();
    const me = await t.app.inject({ url: '/spa/staff/me', headers: { cookie: `${SESSION_COOKIE}=${session!.value}` } });
    expect(me.json()).toMatchObject({ roles: ['content'], user: { email: 'agent@staff.example' } });

    expectErrorEnvelope(
      await t.app.inject({ method: 'POST', url: '/spa/auth/staff/invitation', headers: BROWSER, payload: { token } }),
      404,
      'invitation_not_found',
    );
    const account = (await call(admin, 'GET', '/spa/staff/accounts'))
      .json<{ items: StaffAccount[] }>()
      .items.find((item) => item.email === 'agent@staff.example');
    expect(account).toMatchObject({ totpEnabled: true, createdBy: admin.id });
  });

  it('granting a money role to a member is a request a second admin approves; narrowing is one admin’s', async () => {
    const member = await staffCaller(t, ['support']);
    const asked = await call(admin, 'PUT', `/spa/staff/accounts/${member.id}/roles`, { roles: ['support', 'finance'] });
    expect(asked.statusCode, asked.body).toBe(202);
    const [stillSupport] = await t.db
      .select({ roles: schema.staffMembers.roles })
      .from(schema.staffMembers)
      .where(eq(schema.staffMembers.userId, member.id));
    expect(stillSupport!.roles).toEqual(['support']);
    const { request } = asked.json<{ request: StaffRequest }>();
    expect((await pendingStaffRequests()).map((row) => row.id)).toContain(request.id);
    // The member concerned never decides about their own roles, even as an admin.
    const selfAdmin = await staffCaller(t, ['admin']);
    const own = await call(admin, 'PUT', `/spa/staff/accounts/${selfAdmin.id}/roles`, { roles: ['admin', 'finance'] });
    expect(own.statusCode).toBe(202);
    const ownRequest = own.json<{ request: StaffRequest }>().request;
    expectErrorEnvelope(
      await call(selfAdmin, 'POST', `/spa/staff/accounts/requests/${ownRequest.id}/approve`),
      403,
      'own_account',
    );

    expect((await call(admin2, 'POST', `/spa/staff/accounts/requests/${request.id}/approve`)).statusCode).toBe(200);
    const narrowed = await call(admin, 'PUT', `/spa/staff/accounts/${member.id}/roles`, { roles: ['finance'] });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json()).toMatchObject({ account: { roles: ['finance'] } });
  });

  it('raising what one finance member applies alone is a request between admins', async () => {
    const asked = await call(admin, 'PUT', '/spa/staff/settings/money', { currency: 'EUR', amount: '10000.00' });
    expect(asked.statusCode, asked.body).toBe(202);
    const settings = await call(admin, 'GET', '/spa/staff/settings/money');
    expect(settings.json()).toMatchObject({
      thresholds: expect.arrayContaining([expect.objectContaining({ currency: 'EUR', amount: '0.00' })]),
    });
    const { request } = asked.json<{ request: StaffRequest }>();
    expectErrorEnvelope(
      await call(admin, 'POST', `/spa/staff/settings/requests/${request.id}/approve`),
      403,
      'four_eyes_required',
    );
    expect((await call(admin2, 'POST', `/spa/staff/settings/requests/${request.id}/approve`)).statusCode).toBe(200);
    const after = await call(admin, 'GET', '/spa/staff/settings/money');
    expect(after.json()).toMatchObject({
      thresholds: expect.arrayContaining([expect.objectContaining({ currency: 'EUR', amount: '10000.00' })]),
    });
  });
});
