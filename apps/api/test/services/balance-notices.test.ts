import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@playhouse/db';
import { BALANCE_CHANNEL, createBalanceNotices } from '../../src/services/wallet/balance-notices';
import { createWalletService, type TransferRequest } from '../../src/services/wallet/wallet-service';
import { createTestDb, onPostgres } from '../helpers/test-db';
import { insertPlayer } from '../helpers/ledger-invariants';

let handle: DbHandle;
const heard: number[][] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  handle = await createTestDb();
  unlisten = await handle.listen(BALANCE_CHANNEL, (payload) => {
    heard.push((JSON.parse(payload) as { userIds: number[] }).userIds);
  });
});
afterAll(async () => {
  await unlisten();
  await handle.close();
});

const deposit = (userId: number, key: string): TransferRequest => ({
  idempotencyKey: key,
  kind: 'deposit',
  currency: 'EUR',
  legs: [
    { account: { userId, kind: 'main' }, amount: 100n },
    { account: { house: 'world' }, amount: -100n },
  ],
});

/** A wallet whose notices flush only when the test says so. */
function manualWallet() {
  const notices = createBalanceNotices({ db: handle.db, intervalMs: 3_600_000 });
  return { notices, wallet: createWalletService({ db: handle.db, notices }) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('balance notices', () => {
  it('announces a transfer made in a caller transaction only after that transaction commits', async () => {
    const { notices, wallet } = manualWallet();
    const userId = await insertPlayer(handle.db, 'notice_commit');
    heard.length = 0;
    await handle.db.transaction(async (tx) => {
      await wallet.transfer(deposit(userId, 'notice-commit'), tx);
      // On PostgreSQL the flush runs on another connection while the transaction is open: nothing is announced yet.
      // (PGlite has one connection: its flush waits for the transaction, so it can only see it committed.)
      if (onPostgres) {
        await notices.flush();
        await settle();
        expect(heard).toEqual([]);
      }
    });
    await notices.flush();
    await expect.poll(() => heard, { timeout: 15_000 }).toEqual([[userId]]);
    await notices.close();
  });

  it('never announces a transfer whose transaction rolled back', async () => {
    const { notices, wallet } = manualWallet();
    const lost = await insertPlayer(handle.db, 'notice_lost');
    const kept = await insertPlayer(handle.db, 'notice_kept');
    heard.length = 0;
    await expect(
      handle.db.transaction(async (tx) => {
        await wallet.transfer(deposit(lost, 'notice-lost'), tx);
        throw new Error('caller gives up');
      }),
    ).rejects.toThrow('caller gives up');
    await wallet.transfer(deposit(kept, 'notice-kept'));
    await notices.flush();
    await expect.poll(() => heard, { timeout: 15_000 }).toEqual([[kept]]);
    await settle();
    expect(heard).toEqual([[kept]]);
    await notices.close();
  });

  it('coalesces many transfers into one notification naming every player once', async () => {
    const { notices, wallet } = manualWallet();
    const players = await Promise.all(
      Array.from({ length: 12 }, (_, i) => insertPlayer(handle.db, `notice_many_${i}`)),
    );
    heard.length = 0;
    await Promise.all(players.map((userId) => wallet.transfer(deposit(userId, `notice-many-${userId}`))));
    await Promise.all(players.map((userId) => wallet.transfer(deposit(userId, `notice-many-again-${userId}`))));
    await notices.flush();
    await expect.poll(() => heard.length, { timeout: 15_000 }).toBe(1);
    expect([...heard[0]!].sort((a, b) => a - b)).toEqual([...players].sort((a, b) => a - b));
    await notices.close();
  });

  it('publishes by itself shortly after the commit, with the default timer', async () => {
    const wallet = createWalletService({ db: handle.db });
    const userId = await insertPlayer(handle.db, 'notice_timer');
    heard.length = 0;
    await wallet.transfer(deposit(userId, 'notice-timer'));
    await expect.poll(() => heard.flat(), { timeout: 15_000 }).toContain(userId);
  });
});
