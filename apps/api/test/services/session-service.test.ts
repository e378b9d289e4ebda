import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { schema, type DbHandle } from '@playhouse/db';
import {
  SESSION_SWEEP_INTERVAL_MS,
  SESSION_TTL_MS,
  createSessionService,
} from '../../src/services/auth/session-service';
import { createTestDb } from '../helpers/test-db';
import { insertPlayer } from '../helpers/ledger-invariants';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.close());

const client = { ip: '203.0.113.9', userAgent: 'test' };
const DAY = 24 * 60 * 60 * 1000;

describe('session service', () => {
  it('clears expired sessions of every account when a session starts, at most once an interval', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const service = createSessionService({ db: handle.db, now: () => now });
    const gone = await insertPlayer(handle.db, 'sweep_gone');
    const stays = await insertPlayer(handle.db, 'sweep_stays');
    const fresh = await insertPlayer(handle.db, 'sweep_fresh');
    await service.create(handle.db, gone, client);
    const sessionsOf = async (userId: number) =>
      (
        await handle.db
          .select()
          .from(schema.sessions)
          .where(eq(schema.sessions.userId, userId))
          .orderBy(asc(schema.sessions.id))
      ).length;

    now = new Date(now.getTime() + SESSION_TTL_MS + DAY);
    await service.create(handle.db, stays, client);
    expect(await sessionsOf(gone)).toBe(0);
    expect(await sessionsOf(stays)).toBe(1);

    await service.create(handle.db, gone, client);
    now = new Date(now.getTime() + SESSION_TTL_MS + DAY);
    await service.create(handle.db, fresh, client);
    expect(await sessionsOf(gone)).toBe(0);

    // Within the interval only the signing-in account's own dead sessions go; after it, everyone's again.
    await handle.db.insert(schema.sessions).values({
      tokenHash: 'expired-elsewhere',
      userId: stays,
      expiresAt: new Date(now.getTime() - DAY),
    });
    now = new Date(now.getTime() + SESSION_SWEEP_INTERVAL_MS / 2);
    await service.create(handle.db, gone, client);
    expect(await sessionsOf(stays)).toBe(1);
    now = new Date(now.getTime() + SESSION_SWEEP_INTERVAL_MS);
    await service.create(handle.db, gone, client);
    expect(await sessionsOf(stays)).toBe(0);
    expect(await sessionsOf(gone)).toBe(2);
    expect(await sessionsOf(fresh)).toBe(1);
    expect(await service.resolve('not-a-token')).toBeNull();
  });

  it('ends a session at its absolute lifetime however busy it is, while an idle one ends sooner', async () => {
    let now = new Date('2026-03-01T00:00:00Z');
    const hour = 60 * 60 * 1000;
    const service = createSessionService({ db: handle.db, ttlMs: 7 * DAY, maxAgeMs: 30 * DAY, now: () => now });
    const busy = await insertPlayer(handle.db, 'absolute_busy');
    const { token, sessionId } = await service.create(handle.db, busy, client);

    // Used every few hours for a month: the sliding expiry keeps moving, but never past 30 days from sign-in.
    let last = await service.resolve(token);
    while (now.getTime() + 6 * hour < new Date('2026-03-31T00:00:00Z').getTime()) {
      now = new Date(now.getTime() + 6 * hour);
      last = await service.resolve(token);
      expect(last?.sessionId).toBe(sessionId);
      expect(last!.expiresAt.getTime()).toBeLessThanOrEqual(new Date('2026-03-31T00:00:00Z').getTime());
    }
    now = new Date('2026-03-31T00:00:01Z');
    expect(await service.resolve(token)).toBeNull();
    expect(await service.isLive(sessionId)).toBe(false);

    const idle = await insertPlayer(handle.db, 'absolute_idle');
    const second = await service.create(handle.db, idle, client);
    now = new Date(now.getTime() + 7 * DAY + 1000);
    expect(await service.resolve(second.token)).toBeNull();
  });
});
