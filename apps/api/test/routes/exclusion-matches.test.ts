import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { seedPaymentMethods } from '@playhouse/db/seed/payment-methods';
import { staffPlayerProtectionSchema } from '@playhouse/shared';
import { emailKey } from '../../src/services/protection/identity';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { staffCaller } from '../helpers/staff';
import {
  BROWSER,
  buildAccountsApp,
  confirmationToken,
  confirmRegistration,
  cookieHeader,
  mailboxTo,
  register,
  requestRegistration,
  type AccountsTestApp,
} from './auth-helpers';

let t: AccountsTestApp;
let registerDir: string;
const REGISTERED = { fullName: 'Grace Brewster Hopper', dateOfBirth: '1966-12-09', phone: '+44 7911 123456' };

beforeAll(async () => {
  registerDir = await mkdtemp(path.join(tmpdir(), 'playhouse-exclusion-register-'));
  const file = path.join(registerDir, 'register.csv');
  // The national register's export: one person per line, any column may be empty.
  await writeFile(
    file,
    'email,phone,full_name,date_of_birth\n' +
      `,,"${REGISTERED.fullName}",${REGISTERED.dateOfBirth}\n` +
      'listed.person@example.org,,,\n',
  );
  t = await buildAccountsApp({ env: { EXCLUSION_REGISTER_CSV: file }, seed: seedPaymentMethods });
});
afterAll(async () => {
  await t.close();
  await rm(registerDir, { recursive: true, force: true });
});

let sequence = 0;
/** One person's details: a Gmail address with dots, a phone, a name and a date of birth of their own. */
function person() {
  sequence += 1;
  const tag = randomUUID().slice(0, 6);
  return {
    email: `ada.love.${tag}@gmail.com`,
    username: `ada_${sequence}_${tag}`,
    fullName: `Ada ${['King', 'Byron', 'Noel', 'Milbanke', 'Lovelace', 'Somerville'][sequence % 6]} ${tag.replace(/\d/g, 'x')}`,
    phone: `+49 151 ${String(60_000_000 + sequence * 37)}`,
    dateOfBirth: `1985-0${1 + (sequence % 9)}-1${sequence % 10}`,
    country: 'DE',
  };
}

type Person = ReturnType<typeof person>;

async function signedUp(who: Person) {
  const { response } = await register(t.app, who);
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json<{ user: { id: number } }>().user.id, headers: { ...BROWSER, ...cookieHeader(response) } };
}

async function exclude(headers: Record<string, string>, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/users/protection/restrictions',
    headers,
    payload: { password: 'correct horse battery staple', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function deposit(headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/cashbox/deposits',
    headers: { ...headers, 'idempotency-key': `deposit-${randomUUID()}` },
    payload: { method: 'sandbox_card', amount: '20.00' },
  });
}

const hasConfirmationLink = async (to: string) =>
  (await mailboxTo(t, to)).some((mail) => mail.includes('/auth/confirm-email?token='));

describe('self-exclusion across accounts', () => {
  it('a self-excluded player who registers again as name+2@ with the same phone and birth date gets no account', async () => {
    const ada = person();
    const first = await signedUp(ada);
    await exclude(first.headers, { kind: 'self_exclusion', duration: '6m' });

    const [local, domain] = ada.email.split('@');
    const again = {
      ...ada,
      email: `${local!.replace(/\./g, '')}+2@${domain === 'gmail.com' ? 'googlemail.com' : domain}`,
      username: `${ada.username}_2`,
      fullName: 'Somebody Else Entirely',
    };
    const { response } = await requestRegistration(t.app, again);
    // The same answer as for anyone: the visitor learns nothing; the address's owner is told by e-mail.
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: true });
    expect(await hasConfirmationLink(again.email)).toBe(false);
    const [mail] = await mailboxTo(t, again.email);
    expect(mail).toContain('cannot open an account');
    const users = await t.db.select().from(schema.users).where(eq(schema.users.username, again.username));
    expect(users).toHaveLength(0);
    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(
        sql`${schema.auditLog.event} = 'register_refused' and ${schema.auditLog.metadata}->>'email' = ${again.email}`,
      );
    expect(audit?.metadata).toMatchObject({ gate: 'registration', matches: [first.id] });
  });

  it('answers a matching registration word for word as any other', async () => {
    const ada = person();
    const first = await signedUp(ada);
    await exclude(first.headers, { kind: 'self_exclusion', duration: 'permanent' });
    const excluded = await requestRegistration(t.app, { ...person(), phone: ada.phone });
    const free = await requestRegistration(t.app, person());
    expect(excluded.response.statusCode).toBe(free.response.statusCode);
    expect(excluded.response.body).toBe(free.response.body);
  });

  it('refuses the confirmation when the match closed their account for gambling after the registration', async () => {
    const grace = person();
    const first = await signedUp(grace);
    // Another address and phone, the same name (in another order and case) and birth date.
    const [given, ...rest] = grace.fullName.split(' ');
    const later = { ...person(), fullName: `${rest.join(' ').toUpperCase()} ${given}`, dateOfBirth: grace.dateOfBirth };
    const { response } = await requestRegistration(t.app, later);
    expect(response.statusCode).toBe(202);
    const token = await confirmationToken(t.app, later.email);

    await exclude(first.headers, { kind: 'closure', reason: 'too_much_money' });
    const confirmed = await confirmRegistration(t.app, token);
    expectErrorEnvelope(confirmed, 403, 'identity_check_failed');
    expect(await t.db.select().from(schema.users).where(eq(schema.users.username, later.username))).toHaveLength(0);
    // The link is spent: trying again answers as any used link.
    expectErrorEnvelope(await confirmRegistration(t.app, token), 400, 'invalid_token');
  });

  it('refuses the deposits of an account made before its match was excluded, and staff see why', async () => {
    const one = person();
    const other = { ...person(), phone: one.phone };
    const first = await signedUp(one);
    const second = await signedUp(other);
    expect((await deposit(second.headers)).statusCode).toBe(201);

    await exclude(first.headers, { kind: 'self_exclusion', duration: '1y' });
    const refused = await deposit(second.headers);
    const body = expectErrorEnvelope(refused, 403, 'identity_check_failed');
    expect(body.error.message).not.toMatch(/exclu|phone|match/i);

    const risk = await staffCaller(t, ['risk']);
    const view = await t.app.inject({
      method: 'GET',
      url: `/spa/staff/players/${second.id}/protection`,
      headers: risk.headers,
    });
    expect(view.statusCode, view.body).toBe(200);
    const protection = staffPlayerProtectionSchema.parse(view.json());
    expect(protection.exclusionMatches).toEqual([
      expect.objectContaining({ userId: first.id, username: one.username, on: ['phone'], kind: 'self_exclusion' }),
    ]);
    expect(protection.nationalRegister).toBe(false);
  });

  it('a time-out or a closure for another reason lets the same person in', async () => {
    const one = person();
    const first = await signedUp(one);
    await exclude(first.headers, { kind: 'timeout', duration: '24h' });
    const twin = await signedUp({ ...person(), phone: one.phone });
    expect((await deposit(twin.headers)).statusCode).toBe(201);

    const two = person();
    const closer = await signedUp(two);
    await exclude(closer.headers, { kind: 'closure', reason: 'unhappy_service' });
    const { response } = await requestRegistration(t.app, { ...person(), phone: two.phone });
    expect(response.statusCode).toBe(202);
  });

  it('the national register (a file here) refuses a listed person at every gate, whatever the account', async () => {
    const listed = { ...person(), ...REGISTERED, fullName: 'hopper grace BREWSTER' };
    const { response } = await requestRegistration(t.app, listed);
    expect(response.statusCode).toBe(202);
    expect(await hasConfirmationLink(listed.email)).toBe(false);

    const byMail = { ...person(), email: 'Listed.Person+casino@example.org' };
    await requestRegistration(t.app, byMail);
    expect(await hasConfirmationLink(byMail.email)).toBe(false);

    // An account from before the person was listed: its deposits are refused and staff see the register's hit.
    const before = person();
    const account = await signedUp(before);
    await t.db
      .update(schema.users)
      .set({ fullName: REGISTERED.fullName, dateOfBirth: REGISTERED.dateOfBirth })
      .where(eq(schema.users.id, account.id));
    expectErrorEnvelope(await deposit(account.headers), 403, 'identity_check_failed');
    const risk = await staffCaller(t, ['risk']);
    const view = await t.app.inject({
      method: 'GET',
      url: `/spa/staff/players/${account.id}/protection`,
      headers: risk.headers,
    });
    expect(staffPlayerProtectionSchema.parse(view.json()).nationalRegister).toBe(true);
  });

  it('normalises e-mail addresses the same in the database as in the api', async () => {
    const addresses = [
      'Ada.Love+casino@GMail.com',
      'a.d.a.love@googlemail.com',
      'ada.love+x+y@example.com',
      'ADA.LOVE@Example.com',
      '"odd"@example.com',
    ];
    const rows = await t.db
      .insert(schema.users)
      .values(
        addresses.map((email, index) => ({
          email,
          username: `email_key_${index}_${randomUUID().slice(0, 6)}`,
          passwordHash: 'not-used',
          currency: 'EUR',
        })),
      )
      .returning({ id: schema.users.id, email: schema.users.email, emailKey: schema.users.emailKey });
    expect(rows.map((row) => row.emailKey)).toEqual(addresses.map((email) => emailKey(email)));
    expect(emailKey(addresses[0]!)).toBe('adalove@gmail.com');
    expect(emailKey(addresses[1]!)).toBe('adalove@gmail.com');
    expect(emailKey(addresses[2]!)).toBe('ada.love@example.com');
    await t.db.delete(schema.users).where(
      inArray(
        schema.users.id,
        rows.map((row) => row.id),
      ),
    );
  });
});

describe('the registration e-mail of a refused person', () => {
  it('is in the language of the registration and says nothing about who or why', async () => {
    const ada = person();
    const first = await signedUp(ada);
    await exclude(first.headers, { kind: 'self_exclusion', duration: '6m' });
    const again = { ...person(), phone: ada.phone };
    await requestRegistration(t.app, again, { 'x-locale': 'de' });
    const [mail] = await mailboxTo(t, again.email);
    expect(mail).toBeTruthy();
    expect(mail).not.toMatch(/exclu|phone|Telefon|sperr/i);
  });
});
