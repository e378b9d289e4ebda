import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@playhouse/db';
import {
  casinoCategoriesResponseSchema,
  casinoCategoryGamesResponseSchema,
  casinoGameResponseSchema,
  casinoGamesResponseSchema,
  casinoProviderSecretResponseSchema,
  casinoProvidersResponseSchema,
  gameResponseSchema,
  gamesResponseSchema,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  buildCasinoApp,
  gameBySlug,
  PROVIDER_SECRETS,
  signedInPlayer,
  walletCall,
  type CasinoTestApp,
} from '../helpers/games-fixtures';
import { staffCaller, type StaffCaller } from '../helpers/staff';

let t: CasinoTestApp;
let editor: StaffCaller;
let admin: StaffCaller;

beforeAll(async () => {
  t = await buildCasinoApp({
    RATE_LIMIT_MAX: '100000',
    PROVIDER_SECRETS_KEY: 'provider-secrets-test-key-0123456789abcdef',
  });
  editor = await staffCaller(t, ['content']);
  admin = await staffCaller(t, ['admin']);
});
afterAll(async () => t.close());

const send = (method: 'PATCH' | 'PUT', url: string, payload: object, caller: StaffCaller = editor) =>
  t.app.inject({ method, url, headers: caller.headers, payload });

const staffGet = async (url: string, caller: StaffCaller = editor) => {
  const response = await t.app.inject({ url, headers: caller.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const publicCategory = async (slug: string) =>
  gamesResponseSchema
    .parse((await t.app.inject({ url: `/spa/games?categorySlug=${slug}&limit=60` })).json())
    .games.map((game) => game.slug);

const audits = (prefix: string, actorId: number) =>
  t.db
    .select()
    .from(schema.auditLog)
    .where(and(like(schema.auditLog.event, `${prefix}%`), eq(schema.auditLog.actorId, actorId)));

describe('games', () => {
  it('PATCH /spa/staff/casino/games/{id} disables a game and the site stops listing it at once; enabling brings it back', async () => {
    const [slug] = await publicCategory('table-games');
    const game = await gameBySlug(t, slug!);
    const response = await send('PATCH', `/spa/staff/casino/games/${game.id}`, { active: false });
    expect(response.statusCode).toBe(200);
    expect(casinoGameResponseSchema.parse(response.json()).game).toMatchObject({ id: game.id, active: false });
    await expect.poll(() => publicCategory('table-games'), { timeout: 15_000 }).not.toContain(slug);
    await send('PATCH', `/spa/staff/casino/games/${game.id}`, { active: true });
    await expect.poll(() => publicCategory('table-games'), { timeout: 15_000 }).toContain(slug);
    const rows = (await audits('staff_casino_update_game', editor.id)).filter((row) => row.metadata.gameId === game.id);
    expect(rows.map((row) => [row.before, row.after])).toEqual([
      [{ active: true }, { active: false }],
      [{ active: false }, { active: true }],
    ]);
  });

  it('turns demo play off and locks a game for visitors without a deposit', async () => {
    const game = await gameBySlug(t, 'dice');
    const response = await send('PATCH', `/spa/staff/casino/games/${game.id}`, {
      demoModeEnabled: false,
      requiresDeposit: true,
    });
    expect(casinoGameResponseSchema.parse(response.json()).game).toMatchObject({
      demoModeEnabled: false,
      requiresDeposit: true,
    });
    await expect
      .poll(
        async () =>
          gameResponseSchema.parse((await t.app.inject({ url: '/spa/games/dice' })).json()).game.demoModeEnabled,
        { timeout: 15_000 },
      )
      .toBe(false);
    const listed = casinoGamesResponseSchema.parse(
      await staffGet('/spa/staff/casino/games?q=dice&demo=false&locked=true'),
    );
    expect(listed.items.map((item) => item.slug)).toContain('dice');
    await send('PATCH', `/spa/staff/casino/games/${game.id}`, { demoModeEnabled: true, requiresDeposit: false });
  });

  it('PUT /spa/staff/casino/games/{id}/categories lists a game in exactly those categories', async () => {
    const categories = casinoCategoriesResponseSchema.parse(await staffGet('/spa/staff/casino/categories')).items;
    const tables = categories.find((category) => category.slug === 'table-games')!;
    const game = await gameBySlug(t, 'plinko');
    const response = await send('PUT', `/spa/staff/casino/games/${game.id}/categories`, { categoryIds: [tables.id] });
    expect(casinoGameResponseSchema.parse(response.json()).game.categoryIds).toEqual([tables.id]);
    await expect.poll(() => publicCategory('table-games'), { timeout: 15_000 }).toContain('plinko');
    // Last in the category it joined.
    const order = casinoCategoryGamesResponseSchema.parse(
      await staffGet(`/spa/staff/casino/categories/${tables.id}/games`),
    ).items;
    expect(order.at(-1)!.slug).toBe('plinko');
    expectErrorEnvelope(
      await send('PUT', `/spa/staff/casino/games/${game.id}/categories`, { categoryIds: [999_999] }),
      404,
      'category_not_found',
    );
    expect(
      casinoGamesResponseSchema.parse(await staffGet('/spa/staff/casino/games?q=plinko')).items[0]!.categoryIds,
    ).toEqual([tables.id]);
  });

  it('refuses bad input (400), unknown games (404), other roles and players (403), and changes nothing', async () => {
    const game = await gameBySlug(t, 'dice');
    const before = await t.db.select().from(schema.games).where(eq(schema.games.id, game.id));
    for (const payload of [{}, { active: 'yes' }, { popularity: -1 }, { slug: 'renamed' }]) {
      expectErrorEnvelope(await send('PATCH', `/spa/staff/casino/games/${game.id}`, payload), 400, 'validation_failed');
    }
    expectErrorEnvelope(
      await send('PATCH', '/spa/staff/casino/games/999999', { active: false }),
      404,
      'game_not_found',
    );
    const trader = await staffCaller(t, ['trader']);
    expectErrorEnvelope(
      await send('PATCH', `/spa/staff/casino/games/${game.id}`, { active: false }, trader),
      403,
      'forbidden',
    );
    const player = await signedInPlayer(t);
    expectErrorEnvelope(
      await t.app.inject({
        method: 'PATCH',
        url: `/spa/staff/casino/games/${game.id}`,
        headers: player.headers,
        payload: { active: false },
      }),
      403,
      'forbidden',
    );
    for (const query of ['sort=title', 'pageSize=0', 'active=maybe']) {
      expectErrorEnvelope(
        await t.app.inject({ url: `/spa/staff/casino/games?${query}`, headers: editor.headers }),
        400,
        'validation_failed',
      );
    }
    expect(await t.db.select().from(schema.games).where(eq(schema.games.id, game.id))).toEqual(before);
  });
});

describe('categories and providers', () => {
  it('PUT /spa/staff/casino/categories/{id}/games orders a category as players see it; the list must be complete', async () => {
    const categories = casinoCategoriesResponseSchema.parse(await staffGet('/spa/staff/casino/categories')).items;
    const live = categories.find((category) => category.slug === 'table-games')!;
    const current = casinoCategoryGamesResponseSchema
      .parse(await staffGet(`/spa/staff/casino/categories/${live.id}/games`))
      .items.map((game) => game.id);
    expect(current.length).toBeGreaterThan(2);
    const reversed = [...current].reverse();
    const response = await send('PUT', `/spa/staff/casino/categories/${live.id}/games`, { gameIds: reversed });
    expect(response.statusCode).toBe(200);
    expect(casinoCategoryGamesResponseSchema.parse(response.json()).items.map((game) => game.id)).toEqual(reversed);
    const slugs = casinoCategoryGamesResponseSchema.parse(response.json()).items.map((game) => game.slug);
    await expect.poll(() => publicCategory('table-games'), { timeout: 15_000 }).toEqual(slugs);

    for (const gameIds of [reversed.slice(1), [...reversed, reversed[0]!], [...reversed.slice(1), 999_999]]) {
      expectErrorEnvelope(
        await send('PUT', `/spa/staff/casino/categories/${live.id}/games`, { gameIds }),
        400,
        'order_invalid',
      );
    }
    await expect.poll(() => publicCategory('table-games'), { timeout: 15_000 }).toEqual(slugs);
    expect((await audits('staff_casino_order_category', editor.id))[0]).toMatchObject({
      before: { gameIds: current },
      after: { gameIds: reversed },
    });
  });

  it('PATCH /spa/staff/casino/categories/{id} hides and moves a category', async () => {
    const categories = casinoCategoriesResponseSchema.parse(await staffGet('/spa/staff/casino/categories')).items;
    const target = categories.find((category) => category.slug === 'table-games')!;
    const response = await send('PATCH', `/spa/staff/casino/categories/${target.id}`, { position: 0, active: false });
    expect(response.json()).toMatchObject({ category: { id: target.id, position: 0, active: false } });
    expectErrorEnvelope(await t.app.inject({ url: '/spa/games?categorySlug=table-games' }), 404, 'not_found');
    await send('PATCH', `/spa/staff/casino/categories/${target.id}`, { position: target.position, active: true });
    expectErrorEnvelope(
      await send('PATCH', '/spa/staff/casino/categories/999999', { active: true }),
      404,
      'category_not_found',
    );
  });

  it('PATCH /spa/staff/casino/providers/{id} is for admins: disabling a provider takes its games off the site', async () => {
    const providers = casinoProvidersResponseSchema.parse(await staffGet('/spa/staff/casino/providers')).items;
    const netstar = providers.find((provider) => provider.slug === 'netstar')!;
    expect(netstar.games).toBeGreaterThan(0);
    expectErrorEnvelope(
      await send('PATCH', `/spa/staff/casino/providers/${netstar.id}`, { active: false }),
      403,
      'forbidden',
    );
    const response = await send('PATCH', `/spa/staff/casino/providers/${netstar.id}`, { active: false }, admin);
    expect(response.json()).toMatchObject({ provider: { id: netstar.id, active: false } });
    await expect
      .poll(async () => (await t.app.inject({ url: '/spa/providers/netstar' })).statusCode, { timeout: 15_000 })
      .toBe(404);
    await send('PATCH', `/spa/staff/casino/providers/${netstar.id}`, { active: true }, admin);
    expect((await audits('staff_casino_update_provider', admin.id)).map((row) => row.after)).toEqual([
      { active: false },
      { active: true },
    ]);
  });
});

describe('provider secret rotation', () => {
  /** A signed wallet call that reaches the provider's checks only with a good signature (a made-up launch token). */
  const signedWith = async (secret: string) =>
    (await walletCall(t, 'netstar', 'authenticate', { token: 'no-such-launch-token' }, secret)).statusCode;

  it('POST /spa/staff/casino/providers/{id}/secret answers the new secret once; the old one works through the grace window only', async () => {
    const providers = casinoProvidersResponseSchema.parse(await staffGet('/spa/staff/casino/providers')).items;
    const netstar = providers.find((provider) => provider.slug === 'netstar')!;
    expect(await signedWith(PROVIDER_SECRETS.netstar)).toBe(200);
    expect(await signedWith('x'.repeat(40))).toBe(401);

    const started = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/casino/providers/${netstar.id}/secret`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const first = casinoProviderSecretResponseSchema.parse(response.json());
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(first.graceUntil).getTime() - started).toBeGreaterThanOrEqual(24 * 3_600_000 - 5_000);
    // Both work during the grace window.
    expect(await signedWith(first.secret)).toBe(200);
    expect(await signedWith(PROVIDER_SECRETS.netstar)).toBe(200);
    // The database holds no secret in the clear, and the audit row does not hold it either.
    const stored = await t.db
      .select()
      .from(schema.providerSecrets)
      .where(eq(schema.providerSecrets.providerId, netstar.id));
    expect(stored.map((row) => row.ciphertext).join()).not.toContain(first.secret);
    expect(stored.map((row) => row.ciphertext).join()).not.toContain(PROVIDER_SECRETS.netstar);
    const [audit] = await audits('staff_casino_rotate_provider_secret', admin.id);
    expect(JSON.stringify(audit)).not.toContain(first.secret);
    expect(audit).toMatchObject({ metadata: { providerId: netstar.id, slug: 'netstar' } });

    // A second rotation: the first new secret is now the one in its grace window.
    const second = casinoProviderSecretResponseSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/spa/staff/casino/providers/${netstar.id}/secret`,
          headers: admin.headers,
        })
      ).json(),
    );
    expect(await signedWith(second.secret)).toBe(200);
    expect(await signedWith(first.secret)).toBe(200);
    // Once the grace window is over, only the current secret works. (The wallet keeps the secrets in memory: the
    // edit standing in for the passing day announces itself as a rotation does.)
    await t.db
      .update(schema.providerSecrets)
      .set({ retiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(schema.providerSecrets.providerId, netstar.id), isNotNull(schema.providerSecrets.retiresAt)));
    await t.db.execute(sql`select pg_notify('provider_secrets', 'netstar')`);
    await vi.waitFor(async () => expect(await signedWith(first.secret)).toBe(401));
    expect(await signedWith(second.secret)).toBe(200);
    expect(await signedWith(first.secret)).toBe(401);
    expect(await signedWith(PROVIDER_SECRETS.netstar)).toBe(401);
  });

  it('refuses the in-house games (409), unknown providers (404) and every role but admin (403)', async () => {
    const providers = casinoProvidersResponseSchema.parse(await staffGet('/spa/staff/casino/providers')).items;
    const originals = providers.find((provider) => provider.slug === 'originals')!;
    const rotate = (id: number, caller: StaffCaller) =>
      t.app.inject({ method: 'POST', url: `/spa/staff/casino/providers/${id}/secret`, headers: caller.headers });
    expectErrorEnvelope(await rotate(originals.id, admin), 409, 'secret_not_rotatable');
    expectErrorEnvelope(await rotate(999_999, admin), 404, 'provider_not_found');
    expectErrorEnvelope(await rotate(originals.id, editor), 403, 'forbidden');
  });

  it('is refused without PROVIDER_SECRETS_KEY, and the environment secret keeps working', async () => {
    const plain = await buildCasinoApp();
    try {
      const staff = await staffCaller(plain, ['admin']);
      const [netstar] = await plain.db.select().from(schema.providers).where(eq(schema.providers.slug, 'netstar'));
      expectErrorEnvelope(
        await plain.app.inject({
          method: 'POST',
          url: `/spa/staff/casino/providers/${netstar!.id}/secret`,
          headers: staff.headers,
        }),
        409,
        'secret_store_unavailable',
      );
      const call = await walletCall(plain, 'netstar', 'authenticate', { token: 'no-such-launch-token' });
      expect(call.statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
