import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@playhouse/shared';
import { signBody } from '../../src/services/providers/provider-signature';
import {
  buildCasinoApp,
  fund,
  openGameSession,
  PROVIDER_SECRETS,
  signedInPlayer,
  SITE_ORIGIN,
  unixNow,
  type CasinoTestApp,
  type Player,
} from '../helpers/games-fixtures';
import { staffCaller } from '../helpers/staff';
import { arbitraryOf, hostile, objectShape, type KnownValues } from '../helpers/zod-arbitrary';

/*
 * Every /spa route, fuzzed from its own zod schemas (params, query string, body): malformed, boundary and hostile
 * inputs, as a visitor, a player and a staff member, never get a 5xx, and a request that is refused (4xx) changes
 * nothing in the tables that hold money, accounts, bets, bonuses and player protection. Seeded and bounded: the same
 * inputs every run (FUZZ_SEED, FUZZ_RUNS per route to explore further).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Endless event streams: a request never ends, so they are fuzzed by their own tests, not here. */
const STREAMS = /\/stream$/;

interface RouteSchema {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}

let t: CasinoTestApp;
let player: Player;
let staffHeaders: Record<string, string>;
let gameSessionId: string;
const schemas = new Map<string, RouteSchema>();

/** What a refused request must leave untouched: every row of the tables that hold money, accounts and duties. */
const KEY_TABLES = [
  'users',
  'ledger_accounts',
  'ledger_transfers',
  'ledger_entries',
  'stakes',
  'user_bonuses',
  'bonus_contributions',
  'payments',
  'withdrawals',
  'bets',
  'provider_transactions',
  'originals_rounds',
  'game_sessions',
  'player_limits',
  'player_restrictions',
  'kyc_documents',
  'media_files',
];

async function fingerprint(): Promise<Record<string, string>> {
  const columns = KEY_TABLES.map(
    (table) =>
      sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(table)} t) as ${sql.identifier(table)}`,
  );
  const result = (await t.db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows[0]!;
}

beforeAll(async () => {
  t = await buildCasinoApp(
    { RATE_LIMIT_MAX: '1000000' },
    {
      beforeReady: (app) =>
        app.addHook('onRequest', async (request) => {
          const url = request.routeOptions.url;
          if (url && !schemas.has(`${request.method} ${url}`)) {
            schemas.set(`${request.method} ${url}`, (request.routeOptions.schema ?? {}) as RouteSchema);
          }
        }),
    },
  );
}, 120_000);

/**
 * Fresh identities for each route: a fuzzed logout, password change or self-exclusion on one route must not leave the
 * next route fuzzed by a visitor only.
 */
async function freshIdentities() {
  player = await signedInPlayer(t);
  await fund(t, player.id, 100_000n);
  gameSessionId = await openGameSession(t, 'netstar', player, 'book-of-gold');
  // A staff member holding every role, signed in past the second factor: staff routes are fuzzed past the guard.
  staffHeaders = (await staffCaller(t, [...STAFF_ROLES])).headers;
}
afterAll(async () => {
  await t.close();
});

/** Money as the api takes it: a decimal string with two decimals, from nothing to more than anyone holds. */
const decimalAmount = fc
  .oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 100_000_000 }))
  .map((minor) => (minor / 100).toFixed(2));

interface FuzzRequest {
  who: 'visitor' | 'player' | 'staff';
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** How the body travels: JSON, broken JSON, or a content type the route does not take. */
  encoding: 'json' | 'broken' | 'text';
  idempotencyKey: string | undefined;
  /** Provider calls: signed with the provider's real secret now, or not. */
  signed: boolean;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function requestArbitrary(route: string, schema: RouteSchema, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  // Half the requests are shaped by the schemas throughout (they reach the handlers and the money), half carry
  // hostile parts and broken encodings.
  return fc.boolean().chain((hostileParts) => {
    const options = { known, hostileParts };
    const names = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const paramShape = objectShape(schema.params) ?? {};
    const params = fc.record(
      Object.fromEntries(
        names.map((name) => {
          const shaped = paramShape[name] ? arbitraryOf(paramShape[name], 1, options) : hostile;
          return [
            name,
            known[name] ? fc.oneof({ weight: 3, arbitrary: known[name] }, { weight: 1, arbitrary: shaped }) : shaped,
          ];
        }),
      ),
    );
    const queryShape = objectShape(schema.querystring);
    const query = queryShape
      ? fc.record(
          Object.fromEntries(Object.entries(queryShape).map(([name, value]) => [name, arbitraryOf(value, 1, options)])),
          { requiredKeys: [] },
        )
      : fc.constant({});
    const body = schema.body ? arbitraryOf(schema.body, 0, options) : fc.oneof(fc.constant(undefined), hostile);
    return fc.record({
      who: fc.constantFrom('visitor' as const, 'player' as const, 'player' as const, 'staff' as const),
      params,
      query,
      body,
      encoding: hostileParts
        ? fc.constantFrom('json' as const, 'broken' as const, 'text' as const)
        : fc.constant('json' as const),
      idempotencyKey: hostileParts
        ? fc.option(fc.string({ maxLength: 200 }), { nil: undefined })
        : fc.option(fc.uuid(), { nil: undefined, freq: 5 }),
      signed: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    });
  });
}

/** A path parameter as a client could send it; a lone surrogate goes as the invalid UTF-8 it would be on the wire. */
function pathSegment(value: unknown): string {
  try {
    return encodeURIComponent(text(value)) || '%20';
  } catch {
    return '%ED%A0%80';
  }
}

async function send(method: string, route: string, request: FuzzRequest) {
  let url = route.replace(/:(\w+)/g, (_all, name: string) => pathSegment(request.params[name]));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, text(item));
  }
  if ([...search].length > 0) url += `?${search}`;
  const headers: Record<string, string> = { origin: SITE_ORIGIN };
  if (request.who === 'player') Object.assign(headers, player.headers);
  if (request.who === 'staff') Object.assign(headers, staffHeaders);
  if (request.idempotencyKey !== undefined)
    headers['idempotency-key'] = request.idempotencyKey.replace(/[^\x20-\x7e]/g, '');
  let payload: string | undefined;
  if (method !== 'GET' && request.body !== undefined) {
    payload =
      request.encoding === 'broken'
        ? `${JSON.stringify(request.body) ?? ''}{`
        : (JSON.stringify(request.body) ?? 'null');
    headers['content-type'] = request.encoding === 'text' ? 'text/plain' : 'application/json';
  }
  const provider = /^\/spa\/providers\/([^/]+)\/\w+$/.exec(url)?.[1];
  if (provider && request.signed && provider in PROVIDER_SECRETS) {
    const timestamp = String(unixNow());
    headers['x-provider-timestamp'] = timestamp;
    headers['x-provider-signature'] = signBody(
      PROVIDER_SECRETS[provider as keyof typeof PROVIDER_SECRETS],
      payload ?? '',
      timestamp,
    );
  }
  return t.app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
}

describe('fuzzing every /spa route from its zod schemas', () => {
  it(`never answers 5xx, and a refused request changes nothing (${RUNS} runs per route, seed ${SEED})`, async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        route: path.replace(/\{(\w+)\}/g, ':$1'),
      })),
    );
    const fuzzed = routes.filter(({ route }) => !STREAMS.test(route));
    expect(fuzzed.length).toBeGreaterThan(80);

    // One plain request per route first, so each route's schemas are known (recorded as the request arrives).
    for (const { method, route } of fuzzed) {
      const response = await send(method, route, {
        who: 'visitor',
        params: {},
        query: {},
        body: method === 'GET' ? undefined : {},
        encoding: 'json',
        idempotencyKey: undefined,
        signed: false,
      });
      expect(response.statusCode, `${method} ${route}`).toBeLessThan(500);
    }
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    for (const { method, route } of fuzzed) {
      await freshIdentities();
      let unchanged: Record<string, string> | undefined;
      const known: KnownValues = {
        sessionId: fc.constant(gameSessionId),
        playerId: fc.constant(String(player.id)),
        userId: fc.constant(player.id),
        gameId: fc.constant('book-of-gold'),
        id: fc.constantFrom('book-of-gold', 'dice', String(player.id)),
        provider: fc.constantFrom('netstar', 'originals'),
        currency: fc.constant('EUR'),
        amount: decimalAmount,
        stake: decimalAmount,
        transactionId: fc.uuid(),
        referenceTransactionId: fc.uuid(),
        roundId: fc.constantFrom('round-1', 'round-2'),
      };
      const schema = schemas.get(`${method} ${route}`) ?? {};
      const seed = SEED ^ createHash('sha256').update(`${method} ${route}`).digest().readInt32BE(0);
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(route, schema, known), async (request) => {
          // A refused request left the tables as they were, so its "after" is the next request's "before".
          const before = unchanged ?? (await fingerprint());
          unchanged = undefined;
          const response = await send(method, route, request);
          requests += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) throw new Error(`${response.statusCode}: ${response.body.slice(0, 300)}`);
          if (response.statusCode >= 400) {
            const after = await fingerprint();
            const changed = KEY_TABLES.filter((table) => before[table] !== after[table]);
            if (changed.length === 0) unchanged = after;
            if (changed.length > 0)
              throw new Error(`refused with ${response.statusCode} but changed ${changed.join(', ')}`);
          }
        }),
        { numRuns: RUNS, seed, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(
          `${method} ${route} (seed ${seed}): ${String(result.errorInstance)}\n  ${JSON.stringify(result.counterexample)?.slice(0, 600)}`,
        );
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // The fuzzing reached the handlers: successes and refusals of several kinds, not only one wall of 401s.
    expect(requests).toBeGreaterThanOrEqual(fuzzed.length * RUNS);
    for (const status of [200, 400, 401, 403, 404])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  }, 600_000);
});
