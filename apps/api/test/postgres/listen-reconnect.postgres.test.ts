import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@playhouse/db';
import { createBalanceHub } from '../../src/services/wallet/balance-hub';
import { CHAT_CHANNEL, createChatHub, type ChatEvent } from '../../src/services/chat/chat-hub';
import { createOddsHub } from '../../src/services/sports/odds-hub';
import { ODDS_CHANNEL } from '../../src/services/sports/feed-ingest';
import { BALANCE_CHANNEL } from '../../src/services/wallet/wallet-service';
import { terminateListeners } from '../helpers/listener-kill';
import { createTestDb } from '../helpers/test-db';

// Runs in the PostgreSQL leg of `npm test` (vitest project api-postgres): PGlite has no connection to lose.
if (!process.env.TEST_DATABASE_URL) throw new Error('this file needs a PostgreSQL server: set TEST_DATABASE_URL');

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.close());

async function until(check: () => boolean, what: string, timeoutMs = 15_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const terminateListener = () => terminateListeners(handle.db);

const notify = (channel: string, payload: unknown) =>
  handle.db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`);

describe('live updates after the LISTEN connection is killed (PostgreSQL)', () => {
  it('reconnects, listens again and delivers the next notification; the hubs resynchronise every stream', async () => {
    const balanceCalls: string[] = [];
    const oddsCalls: (number[] | null)[] = [];
    const chatEvents: ChatEvent[] = [];
    const balances = createBalanceHub({ listen: handle.listen });
    const odds = createOddsHub({ listen: handle.listen });
    const chat = createChatHub({ listen: handle.listen });
    await balances.subscribe(42, () => balanceCalls.push('changed'));
    await odds.subscribeAll((matchIds) => oddsCalls.push(matchIds));
    await chat.subscribe(7, (event) => chatEvents.push(event));

    await notify(BALANCE_CHANNEL, { userIds: [42] });
    await until(() => balanceCalls.length === 1, 'the balance notification before the kill');

    expect(await terminateListener()).toBeGreaterThan(0);
    // Each hub hears that it missed something and tells its streams to read afresh.
    await until(() => balanceCalls.length === 2, 'the balance resync');
    await until(() => oddsCalls.includes(null), 'the odds resync');
    await until(() => chatEvents.some((event) => event.kind === 'resync'), 'the chat resync');

    // And the notifications flow again.
    await notify(BALANCE_CHANNEL, { userIds: [42] });
    await notify(ODDS_CHANNEL, { matchIds: [5] });
    await notify(CHAT_CHANNEL, { kind: 'message', conversationId: 7 });
    await until(() => balanceCalls.length === 3, 'the balance notification after the kill');
    await until(() => oddsCalls.some((ids) => ids?.[0] === 5), 'the odds notification after the kill');
    await until(
      () => chatEvents.some((event) => event.kind === 'message' && event.conversationId === 7),
      'the chat notification after the kill',
    );
    await Promise.all([balances.close(), odds.close(), chat.close()]);
  });

  it('survives being killed again and again', async () => {
    const payloads: string[] = [];
    const unsubscribe = await handle.listen('edge_repeat', (payload) => payloads.push(payload));
    for (let round = 0; round < 3; round += 1) {
      // The previous round's connection may still be coming back: wait until there is one to kill.
      let terminated = 0;
      const deadline = Date.now() + 15_000;
      while (terminated === 0 && Date.now() < deadline) {
        terminated = await terminateListener();
        if (terminated === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(terminated).toBe(1);
      // Notifications sent while it is down are lost: keep sending until one arrives on the new connection.
      const before = payloads.length;
      while (payloads.length === before && Date.now() < deadline + 15_000) {
        await notify('edge_repeat', `round ${round}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(payloads.at(-1)).toBe(JSON.stringify(`round ${round}`));
    }
    await unsubscribe();
  });
});
