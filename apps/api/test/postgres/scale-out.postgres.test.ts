import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Db } from '@playhouse/db';
import { loadMessages } from '@playhouse/db/messages';
import { demoLocales } from '@playhouse/db/seed/content/locales';
import { balancesResponseSchema, matchDetailSchema, type MatchDetail } from '@playhouse/shared';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { CHAT_COOKIE } from '../../src/services/chat/chat-service';
import { balanceNoticesFor } from '../../src/services/wallet/balance-notices';
import { INSTANCE_HEADER, startEdgeProxy, type EdgeProxy } from '../helpers/edge-proxy';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';
import { openEventStream } from '../helpers/sse';
import { staffCaller } from '../helpers/staff';
import { createSharedTestDb } from '../helpers/test-db';

// The scale-out of issue 12, shown: two api instances on one PostgreSQL database, each with its own connection pool,
// LISTEN connection, caches, hubs and scheduler, behind a round-robin reverse proxy. Every request of these tests goes
// through the proxy; each write is served by the other instance than the stream or cache it must reach, so nothing
// but PostgreSQL carries it across. No web instances: see docs/decisions.md "Scale-out test".
if (!process.env.TEST_DATABASE_URL) throw new Error('this file needs a PostgreSQL server: set TEST_DATABASE_URL');

type App = Awaited<ReturnType<typeof buildApp>>;

const SITE_ORIGIN = 'http://localhost:3000';
const FEED_TOKEN = 'scale-out-test-feed-token-0123456789';
const HOUR = 3_600_000;
const now = Date.now();

let shared: Awaited<ReturnType<typeof createSharedTestDb>>;
let instances: [App, App];
let edge: EdgeProxy;
const db = (): Db => shared.handles[0].db;

beforeAll(async () => {
  shared = await createSharedTestDb();
  await db().insert(schema.locales).values(demoLocales());
  await loadMessages(db());
  const config = loadConfig({
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    FEED_SIMULATOR: 'off',
    FEED_TOKEN,
    RATE_LIMIT_MAX: '100000',
    // The proxy is the one trusted hop: the api reads the visitor from the X-Forwarded-For entry it appends.
    TRUST_PROXY: '127.0.0.1',
  });
  instances = [
    await buildApp({ config, dbHandle: shared.handles[0], logger: false }),
    await buildApp({ config, dbHandle: shared.handles[1], logger: false }),
  ];
  const addresses = await Promise.all(instances.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
  edge = await startEdgeProxy(addresses);
  const delivery = await viaEdge('/spa/staff/sports/feed', {
    method: 'POST',
    headers: { 'x-feed-token': FEED_TOKEN },
    body: englishBook(now),
  });
  expect(delivery.status).toBe(200);
});
afterAll(async () => {
  await edge?.close();
  await Promise.all((instances ?? []).map((app) => app.close()));
  await shared?.close();
});

interface EdgeAnswer {
  status: number;
  /** Which api instance (0 or 1) the proxy sent the request to. */
  instance: number;
  headers: Headers;
  body: unknown;
}

/** One request through the proxy, as a browser sends it (JSON, the site's Origin on writes). */
async function viaEdge(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<EdgeAnswer> {
  const method = init.method ?? 'GET';
  const response = await fetch(`${edge.url}${path}`, {
    method,
    headers: {
      ...(method === 'GET' ? {} : { origin: SITE_ORIGIN, 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    instance: Number(response.headers.get(INSTANCE_HEADER)),
    headers: response.headers,
    body: text ? (JSON.parse(text) as unknown) : null,
  };
}

/**
 * Makes the proxy's next request go to `instance`: strict round robin over two, so after a request served by the
 * other instance the next one goes to this one.
 */
async function nextGoesTo(instance: number): Promise<void> {
  if ((await viaEdge('/spa/health/live')).instance === instance) await viaEdge('/spa/health/live');
}

/** Both ways round: the stream on instance 0 and the write on 1, then the stream on 1 and the write on 0. */
const HOLDERS = [0, 1] as const;

/** A stream opened through the proxy, and the instance that holds it. */
async function streamViaEdge(path: string, headers: Record<string, string> = {}) {
  const stream = await openEventStream(`${edge.url}${path}`, headers);
  expect(stream.response.statusCode).toBe(200);
  expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  return { stream, instance: Number(stream.response.headers[INSTANCE_HEADER]) };
}

/** A player with a session and `amount` minor units of EUR, made directly in the database. */
async function fundedPlayer(amount: bigint) {
  const username = `scale_${randomUUID().slice(0, 8)}`;
  const [user] = await db()
    .insert(schema.users)
    .values({ email: `${username}@example.test`, username, passwordHash: 'not-used', currency: 'EUR' })
    .returning({ id: schema.users.id });
  await instances[0].services.wallet.transfer({
    idempotencyKey: `fund:${randomUUID()}`,
    kind: 'deposit',
    currency: 'EUR',
    legs: [
      { account: { userId: user!.id, kind: 'main' }, amount },
      { account: { house: 'world' }, amount: -amount },
    ],
  });
  // The deposit's balance notice goes out now, not into the stream opened next.
  await balanceNoticesFor(db()).flush();
  const session = await instances[0].services.sessions.create(db(), user!.id, { ip: '127.0.0.1', userAgent: 'test' });
  return { id: user!.id, cookie: `${SESSION_COOKIE}=${session.token}` };
}

async function matchViaEdge(matchId: number): Promise<MatchDetail> {
  const answer = await viaEdge(`/spa/sports/matches/${matchId}`);
  expect(answer.status).toBe(200);
  return matchDetailSchema.parse((answer.body as { match: unknown }).match);
}

const homeWinOdd = (match: MatchDetail) => match.matchBets[0]!.matchBetOutcomes[0]!.matchBetOutcomeOddValue;

describe('two api instances on one PostgreSQL behind a round-robin proxy', () => {
  it('the proxy alternates between the instances', async () => {
    const served = [];
    for (let i = 0; i < 4; i++) served.push((await viaEdge('/spa/health/live')).instance);
    expect(served).toEqual([served[0], 1 - served[0]!, served[0], 1 - served[0]!]);
  });

  it.each(HOLDERS)(
    'a bet placed on one instance moves the balance shown by a stream held by the other (stream on %i)',
    async (holder) => {
      const player = await fundedPlayer(10_000n);
      const outcome = (await matchViaEdge(9_000_001)).matchBets[0]!.matchBetOutcomes[0]!;
      await nextGoesTo(holder);
      const { stream, instance } = await streamViaEdge('/spa/users/balances/stream', { cookie: player.cookie });
      try {
        expect(instance).toBe(holder);
        expect(balancesResponseSchema.parse(await stream.next('balance'))).toMatchObject({
          mainBalance: { balance: '100.00' },
        });
        await expect.poll(() => instances[holder].services.balanceHub.subscriberCount()).toBe(1);

        const bet = await viaEdge('/spa/sports/bets', {
          method: 'POST',
          headers: { cookie: player.cookie, 'idempotency-key': `scale-${randomUUID()}` },
          body: {
            kind: 'single',
            stake: '5.00',
            oddsChangePolicy: 'any',
            selections: [{ outcomeId: outcome.outcomeId, odd: outcome.matchBetOutcomeOddValue }],
          },
        });
        expect(bet.status).toBe(201);
        expect(bet.instance).toBe(1 - holder);
        // The instance that placed the bet holds no stream of this player: the news crossed through PostgreSQL.
        expect(instances[bet.instance]!.services.balanceHub.subscriberCount()).toBe(0);
        expect(balancesResponseSchema.parse(await stream.next('balance'))).toMatchObject({
          mainBalance: { balance: '95.00' },
        });
      } finally {
        stream.close();
      }
      await expect.poll(() => instances[holder].services.balanceHub.subscriberCount()).toBe(0);
    },
  );

  it.each(HOLDERS)(
    'an odds change delivered to one instance reaches a match stream held by the other (stream on %i)',
    async (holder) => {
      await nextGoesTo(holder);
      const { stream, instance } = await streamViaEdge('/spa/sports/stream?matchId=9000001&lng=en');
      try {
        expect(instance).toBe(holder);
        const first = matchDetailSchema.parse(((await stream.next('match')) as { match: unknown }).match);
        expect(first.matchId).toBe(9_000_001);
        await expect.poll(() => instances[holder].services.sports.oddsHub.subscriberCount()).toBeGreaterThan(0);
        const moved = homeWinOdd(first) === 2.3 ? 2.4 : 2.3;

        const delivery = await viaEdge('/spa/staff/sports/feed', {
          method: 'POST',
          headers: { 'x-feed-token': FEED_TOKEN },
          body: { matches: [footballMatch(9_000_001, now + 2 * HOUR, { odds: { '1': moved } })] },
        });
        expect(delivery.status).toBe(200);
        expect(delivery.instance).toBe(1 - holder);
        const update = matchDetailSchema.parse(((await stream.next('match')) as { match: unknown }).match);
        expect(homeWinOdd(update)).toBe(moved);
      } finally {
        stream.close();
      }
    },
  );

  it.each(HOLDERS)(
    "a visitor's chat message reaches staff on the other instance, and staff's answer comes back (streams on %i)",
    async (holder) => {
      const staff = await staffCaller({ app: instances[0], db: db() }, ['support']);
      const opened = await viaEdge('/spa/chat/messages', { method: 'POST', body: { text: 'Is anyone there?' } });
      expect(opened.status).toBe(201);
      const chatCookie = opened.headers
        .getSetCookie()
        .map((header) => header.split(';')[0]!)
        .find((pair) => pair.startsWith(`${CHAT_COOKIE}=`))!;
      expect(chatCookie).toBeTruthy();
      const { conversation, message } = opened.body as { conversation: { id: number }; message: { id: number } };

      await nextGoesTo(holder);
      const staffSide = await streamViaEdge('/spa/staff/chat/stream', { cookie: staff.headers.cookie });
      try {
        expect(staffSide.instance).toBe(holder);
        await staffSide.stream.next('ready');
        const sent = await viaEdge('/spa/chat/messages', {
          method: 'POST',
          headers: { cookie: chatCookie },
          body: { text: 'Hello again' },
        });
        expect(sent.status).toBe(201);
        expect(sent.instance).toBe(1 - holder);
        expect(await staffSide.stream.next('changed')).toEqual({ conversationId: conversation.id });

        await nextGoesTo(holder);
        const visitorSide = await streamViaEdge(`/spa/chat/stream?after=${message.id}`, { cookie: chatCookie });
        try {
          expect(visitorSide.instance).toBe(holder);
          const answer = await viaEdge(`/spa/staff/chat/conversations/${conversation.id}/messages`, {
            method: 'POST',
            headers: { cookie: staff.headers.cookie },
            body: { text: 'Hello from support' },
          });
          expect(answer.status).toBe(201);
          expect(answer.instance).toBe(1 - holder);
          const texts: string[] = [];
          while (!texts.includes('Hello from support')) {
            const event = (await visitorSide.stream.next('messages')) as { messages: { text: string }[] };
            texts.push(...event.messages.map((entry) => entry.text));
          }
          expect(texts).toContain('Hello again');
        } finally {
          visitorSide.stream.close();
        }
      } finally {
        staffSide.stream.close();
      }
    },
  );

  it('a job runs on one instance at a time: the advisory lock is held across instances', async () => {
    const JOB = 'scale-out-probe';
    const LOCK_KEY = 727_800_901;
    const runs: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Added as a domain adds its jobs (app.jobs.add); the run waits until the test lets it finish.
    instances.forEach((app, index) =>
      app.jobs.add({
        name: JOB,
        lockKey: LOCK_KEY,
        intervalMs: HOUR,
        run: async () => {
          runs.push(index);
          await gate;
        },
      }),
    );
    const firstRun = instances[0].jobs.trigger(JOB);
    await expect.poll(() => runs.length).toBe(1);
    const held = await db().execute<{ count: number }>(
      sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and objid = ${LOCK_KEY} and granted`,
    );
    expect((held as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(1);
    // The other instance's tick finds the lock taken and skips the run instead of doing the work twice.
    await instances[1].jobs.trigger(JOB);
    expect(runs).toEqual([0]);
    release();
    await firstRun;
    // Once the first run is over, the lock is free for whichever instance ticks next.
    await instances[1].jobs.trigger(JOB);
    expect(runs).toEqual([0, 1]);
  });

  it("an announcement published on one instance replaces both instances' kept answers on the next request", async () => {
    const staff = await staffCaller({ app: instances[0], db: db() }, ['content']);
    /** The announcement as each instance answers it (two requests: round robin gives one to each). */
    const onBoth = async (headers: Record<string, string> = {}) => {
      const answers = [await viaEdge('/spa/info-popup', { headers }), await viaEdge('/spa/info-popup', { headers })];
      expect(answers.map((answer) => answer.instance).sort()).toEqual([0, 1]);
      return answers;
    };
    // Both instances hold the answer in memory and revalidate it by its ETag (as a browser revalidates: max-age=0).
    const revalidate = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });
    const before = await onBoth();
    const etag = before[0]!.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(before[1]!.headers.get('etag')).toBe(etag);
    for (const answer of await onBoth(revalidate(etag))) expect(answer.status).toBe(304);

    const published = await viaEdge('/spa/staff/info-popups', {
      method: 'POST',
      headers: { cookie: staff.headers.cookie },
      body: {
        text: { en: 'Scale-out night: both instances agree.' },
        buttonText: { en: 'Play now' },
        closeButtonText: { en: 'Later' },
        hrefOnMainButton: '/category/slots',
        hrefOnCloseButton: '/',
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const { id } = published.body as { id: number };
    // On PostgreSQL the change reaches the other connections a moment after the commit.
    await expect
      .poll(
        async () =>
          (await onBoth(revalidate(etag))).map((answer) => [
            answer.status,
            (answer.body as { id?: number } | null)?.id,
          ]),
        { timeout: 15_000, interval: 20 },
      )
      .toEqual([
        [200, id],
        [200, id],
      ]);
  });
});
