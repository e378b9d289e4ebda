import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  errorEnvelopeSchema,
  isStaffPermission,
  staffMay,
  type StaffPermission,
  type StaffRole,
} from '@playhouse/shared';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';

type StaffRoute = { method: string; url: string; permission: StaffPermission };

/** Fills the route's parameters with values of the right shape, so a request reaches its handler's checks. */
function concrete(url: string): string {
  return url
    .replace(/:id\b/, '00000000-0000-4000-8000-000000000000')
    .replace(/:login\b/, 'nobody')
    .replace(/:(\w+)/g, '1');
}

/** A body no route accepts: a caller who gets past the permission check gets 400, never 200. */
const MALFORMED = { unexpected: ['not', 'a', 'valid', 'body'] };

describe('staff routes and the permission table', () => {
  let t: TestApp;
  const routes: StaffRoute[] = [];
  const staffByRole = new Map<StaffRole, StaffCaller>();
  let player: { headers: { cookie: string; origin: string } };

  beforeAll(async () => {
    // Every route times every role from one address: far more calls than the per-address api limit allows.
    t = await buildTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    await t.app.ready();
    routes.push(...t.app.permissionedRoutes);
    for (const role of STAFF_ROLES) staffByRole.set(role, await staffCaller(t, [role]));
    const [user] = await t.db
      .insert(schema.users)
      .values({ email: 'walk-player@example.test', username: 'walk_player', passwordHash: 'unused', currency: 'EUR' })
      .returning({ id: schema.users.id });
    const session = await t.app.services.sessions.create(t.db, user!.id, { ip: null, userAgent: null });
    player = { headers: { cookie: `${SESSION_COOKIE}=${session.token}`, origin: 'http://localhost:3000' } };
  });
  afterAll(async () => t.close());

  it('every /spa/staff route names a permission of the table, and the table names only routes that exist', () => {
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) expect(isStaffPermission(route.permission), route.url).toBe(true);
    expect(routes.filter((route) => route.url.startsWith('/spa/staff/')).length).toBe(routes.length);
    const used = new Set(routes.map((route) => route.permission));
    for (const permission of Object.keys(STAFF_PERMISSIONS)) expect(used.has(permission as StaffPermission)).toBe(true);
  });

  it('refuses visitors with 401 and players with 403 before reading the body, on every staff route', async () => {
    for (const route of routes) {
      const request = {
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : MALFORMED,
      };
      const visitor = await t.app.inject({ ...request, headers: { origin: 'http://localhost:3000' } });
      expect([route.url, visitor.statusCode]).toEqual([route.url, 401]);
      expect(errorEnvelopeSchema.parse(visitor.json()).error.code).toBe('unauthorized');
      const asPlayer = await t.app.inject({ ...request, headers: player.headers });
      expect([route.url, asPlayer.statusCode]).toEqual([route.url, 403]);
      expect(errorEnvelopeSchema.parse(asPlayer.json()).error.code).toBe('forbidden');
    }
  });

  it('refuses every role the table does not allow on every staff route (403), and lets the others through', async () => {
    let refusals = 0;
    for (const route of routes) {
      for (const role of STAFF_ROLES) {
        const staff = staffByRole.get(role)!;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { ...staff.headers, 'idempotency-key': 'permission-walk-key' },
          // Writes would act: a malformed body keeps an allowed caller at the validation step.
          ...(route.method === 'GET' ? {} : { payload: MALFORMED }),
          // A stream an allowed caller opens never ends by itself: read its head only.
          payloadAsStream: true,
        });
        if (staffMay([role], route.permission)) {
          expect([route.url, role, response.statusCode === 403]).toEqual([route.url, role, false]);
        } else {
          refusals += 1;
          expect([route.url, role, response.statusCode]).toEqual([route.url, role, 403]);
          const body = await new Response(response.stream()).json();
          expect(errorEnvelopeSchema.parse(body).error.code).toBe('forbidden');
        }
        if (response.statusCode !== 403) response.stream().destroy();
      }
    }
    expect(refusals).toBeGreaterThan(100);
  });

  it('refuses to add a staff route that names no permission, or one the table does not know', async () => {
    const other = await buildTestApp({ empty: true });
    try {
      expect(() => other.app.get('/spa/staff/unguarded', async () => ({}))).toThrow(/must name its permission/);
      expect(() =>
        other.app.get('/spa/staff/typo', { config: { permission: 'withdrawls.pay' as never } }, async () => ({})),
      ).toThrow(/unknown staff permission/);
    } finally {
      await other.close();
    }
  });
});
