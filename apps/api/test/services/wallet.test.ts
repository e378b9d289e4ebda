import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@playhouse/db';
import { HOUSE_SHARDS } from '@playhouse/db/schema';
import {
  createWalletService,
  type TransferRequest,
  type WalletService,
} from '../../src/services/wallet/wallet-service';
import { InsufficientFundsError, IdempotencyConflictError } from '../../src/services/wallet/wallet-errors';
import { createTestDb, onPostgres } from '../helpers/test-db';
import { insertPlayer, ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { seededRandom } from '../helpers/random';

let handle: DbHandle;
let wallet: WalletService;

beforeAll(async () => {
  handle = await createTestDb();
  wallet = createWalletService({ db: handle.db });
});
afterAll(async () => handle.close());

const deposit = (userId: number, amount: bigint, key: string): TransferRequest => ({
  idempotencyKey: key,
  kind: 'deposit',
  currency: 'EUR',
  legs: [
    { account: { userId, kind: 'main' }, amount },
    { account: { house: 'world' }, amount: -amount },
  ],
});
const bet = (userId: number, amount: bigint, key: string): TransferRequest => ({
  idempotencyKey: key,
  kind: 'casino_bet',
  currency: 'EUR',
  legs: [
    { account: { userId, kind: 'main' }, amount: -amount },
    { account: { house: 'casino' }, amount },
  ],
});

describe('wallet ledger', () => {
  it('moves money between a player and the house and reports the balances after', async () => {
    const userId = await insertPlayer(handle.db, 'alice');
    await wallet.transfer(deposit(userId, 10_000n, 'alice-dep-1'));
    const result = await wallet.transfer(bet(userId, 2_500n, 'alice-bet-1'));
    expect(result.replayed).toBe(false);
    expect(await wallet.balances(userId, 'EUR')).toEqual({ main: 7_500n, bonus: 0n });
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('applies an idempotency key once and answers a replay with the original result', async () => {
    const userId = await insertPlayer(handle.db, 'bob');
    const first = await wallet.transfer(deposit(userId, 500n, 'bob-dep'));
    const again = await wallet.transfer(deposit(userId, 500n, 'bob-dep'));
    expect(again.replayed).toBe(true);
    expect(again.transferId).toBe(first.transferId);
    expect([...again.balances]).toEqual([...first.balances]);
    expect(await wallet.balances(userId, 'EUR')).toEqual({ main: 500n, bonus: 0n });
  });

  it('refuses a reused idempotency key that asks for something else', async () => {
    const userId = await insertPlayer(handle.db, 'carol');
    await wallet.transfer(deposit(userId, 500n, 'carol-dep'));
    await expect(wallet.transfer(deposit(userId, 900n, 'carol-dep'))).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await wallet.balances(userId, 'EUR')).toEqual({ main: 500n, bonus: 0n });
  });

  it('refuses a debit beyond the balance and changes nothing', async () => {
    const userId = await insertPlayer(handle.db, 'dave');
    await wallet.transfer(deposit(userId, 100n, 'dave-dep'));
    await expect(wallet.transfer(bet(userId, 101n, 'dave-bet'))).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await wallet.balances(userId, 'EUR')).toEqual({ main: 100n, bonus: 0n });
    // The failed key was not consumed: the same request succeeds once funds are there.
    await wallet.transfer(deposit(userId, 1n, 'dave-dep-2'));
    await expect(wallet.transfer(bet(userId, 101n, 'dave-bet'))).resolves.toMatchObject({ replayed: false });
  });

  it('is guarded by the database too: a player balance below zero violates a CHECK constraint', async () => {
    const userId = await insertPlayer(handle.db, 'erin');
    await wallet.transfer(deposit(userId, 100n, 'erin-dep'));
    await expect(
      handle.db.execute(sql`update ledger_accounts set balance = -1 where user_id = ${userId}`),
    ).rejects.toThrow();
  });

  it('is guarded by the database too: entries that do not sum to zero cannot commit, and entries are append-only', async () => {
    const userId = await insertPlayer(handle.db, 'frank');
    const { accountIds, transferId } = await wallet.transfer(deposit(userId, 100n, 'frank-dep'));
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after) values (${transferId}, ${accountIds[0]!}, 5, 0)`,
        );
      }),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`delete from ledger_entries where transfer_id = ${transferId}`),
    ).rejects.toThrow();
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('is guarded by the database too: the ledger_transfer function cannot mint, overdraw or reuse a key', async () => {
    const userId = await insertPlayer(handle.db, 'fiona');
    await wallet.transfer(deposit(userId, 100n, 'fiona-dep'));
    const call = (key: string, hash: string, amounts: string) =>
      handle.db
        .execute(sql`select outcome, account_id from ledger_transfer(${key}, ${hash}, 'deposit', 'EUR', '{}'::jsonb,
        ${`{${userId},NULL}`}::bigint[], '{main,world}'::text[], '{0,0}'::integer[], ${amounts}::bigint[])`);
    const outcome = async (key: string, hash: string, amounts: string) =>
      ((await call(key, hash, amounts)) as unknown as { rows: { outcome: string }[] }).rows[0]!.outcome;
    // Legs that do not sum to zero are refused at commit by the balanced-transfer trigger: nothing stays.
    await expect(call('fiona-mint', 'h', '{500,-1}')).rejects.toThrow();
    // A debit beyond the balance writes nothing and answers 'insufficient'.
    expect(await outcome('fiona-over', 'h', '{-101,101}')).toBe('insufficient');
    // The stored key answers its own request as a replay and another request as a conflict.
    expect(await outcome('fiona-ok', 'h1', '{-40,40}')).toBe('applied');
    expect(await outcome('fiona-ok', 'h1', '{-40,40}')).toBe('replayed');
    expect(await outcome('fiona-ok', 'h2', '{-60,60}')).toBe('conflict');
    expect(await wallet.balances(userId, 'EUR')).toEqual({ main: 60n, bonus: 0n });
    const keys = (await handle.db.execute(
      sql`select idempotency_key from ledger_transfers where idempotency_key like 'fiona-%' order by 1`,
    )) as unknown as { rows: { idempotency_key: string }[] };
    expect(keys.rows.map((row) => row.idempotency_key)).toEqual(['fiona-dep', 'fiona-ok']);
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('answers a racing duplicate between house accounts once, whatever sub-accounts the copies chose', async () => {
    const paid = (key: string): TransferRequest => ({
      idempotencyKey: key,
      kind: 'withdrawal_paid',
      currency: 'EUR',
      legs: [
        { account: { house: 'withdrawals' }, amount: -300n },
        { account: { house: 'world' }, amount: 300n },
      ],
    });
    const world = await wallet.houseBalance({ house: 'world' }, 'EUR');
    const results = await Promise.all(Array.from({ length: 8 }, () => wallet.transfer(paid('house-race'))));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transferId)).size).toBe(1);
    expect(await wallet.houseBalance({ house: 'world' }, 'EUR')).toBe(world + 300n);
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('refuses unbalanced transfers before touching the database', async () => {
    const userId = await insertPlayer(handle.db, 'gina');
    await expect(
      wallet.transfer({
        idempotencyKey: 'gina-bad',
        kind: 'deposit',
        currency: 'EUR',
        legs: [{ account: { userId, kind: 'main' }, amount: 5n }],
      }),
    ).rejects.toThrow(/sum to zero/);
  });

  it("runs inside the caller's transaction: it commits and rolls back with the caller's writes", async () => {
    const userId = await insertPlayer(handle.db, 'hana');
    const failure = new Error('the caller changed its mind');
    await expect(
      handle.db.transaction(async (tx) => {
        await wallet.transfer(deposit(userId, 700n, 'hana-dep'), tx);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await wallet.balances(userId, 'EUR')).toEqual({ main: 0n, bonus: 0n });
    // The key was never claimed: the same deposit applies afresh.
    const applied = await handle.db.transaction((tx) => wallet.transfer(deposit(userId, 700n, 'hana-dep'), tx));
    expect(applied.replayed).toBe(false);
    expect(await wallet.balances(userId, 'EUR')).toEqual({ main: 700n, bonus: 0n });
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('does not remember an account created in a transaction that rolled back', async () => {
    // A fresh wallet, so nothing about this player is cached before.
    const fresh = createWalletService({ db: handle.db });
    const userId = await insertPlayer(handle.db, 'ivan');
    await expect(
      handle.db.transaction(async (tx) => {
        await fresh.transfer(deposit(userId, 300n, 'ivan-dep-1'), tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Had the account id of the rolled-back row been kept, this transfer would lose its player leg.
    await fresh.transfer(deposit(userId, 300n, 'ivan-dep-2'));
    expect(await fresh.balances(userId, 'EUR')).toEqual({ main: 300n, bonus: 0n });
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it("refuses inside the caller's transaction without undoing the caller's other writes", async () => {
    const userId = await insertPlayer(handle.db, 'jo');
    await wallet.transfer(deposit(userId, 100n, 'jo-dep'));
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`update users set locale = 'de' where id = ${userId}`);
      await expect(wallet.transfer(bet(userId, 101n, 'jo-bet'), tx)).rejects.toBeInstanceOf(InsufficientFundsError);
    });
    const [row] = (
      (await handle.db.execute(sql`select locale from users where id = ${userId}`)) as unknown as {
        rows: { locale: string }[];
      }
    ).rows;
    expect(row!.locale).toBe('de');
    expect(await wallet.balances(userId, 'EUR')).toEqual({ main: 100n, bonus: 0n });
    // The refused key was released with its savepoint.
    await wallet.transfer(deposit(userId, 1n, 'jo-dep-2'));
    expect((await wallet.transfer(bet(userId, 101n, 'jo-bet'))).replayed).toBe(false);
  });

  it('spreads the house side over sub-accounts and sums them for the house balance', async () => {
    const houseBefore = await wallet.houseBalance({ house: 'casino' }, 'EUR');
    const players = await Promise.all(Array.from({ length: 20 }, (_, i) => insertPlayer(handle.db, `shard_${i}`)));
    await Promise.all(players.map((userId) => wallet.transfer(deposit(userId, 1_000n, `shard-dep-${userId}`))));
    await Promise.all(
      players.map((userId) => wallet.transfer(bet(userId, 10n + BigInt(userId % 7), `shard-bet-${userId}`))),
    );
    const staked = players.reduce((sum, userId) => sum + 10n + BigInt(userId % 7), 0n);
    expect(await wallet.houseBalance({ house: 'casino' }, 'EUR')).toBe(houseBefore + staked);
    const shards = (await handle.db.execute(sql`select count(*)::int as n, max(shard)::int as top
      from ledger_accounts where user_id is null and kind = 'casino' and currency = 'EUR'`)) as unknown as {
      rows: { n: number; top: number }[];
    };
    expect(shards.rows[0]!.n).toBeGreaterThan(1);
    expect(shards.rows[0]!.top).toBeLessThan(HOUSE_SHARDS);
    // A player's account is never a sub-account, and a house sub-account outside the range is refused.
    await expect(
      handle.db.execute(sql`update ledger_accounts set shard = 1 where user_id = ${players[0]!}`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(
        sql`insert into ledger_accounts (user_id, kind, currency, allow_negative, shard) values (null, 'casino', 'EUR', true, ${HOUSE_SHARDS})`,
      ),
    ).rejects.toThrow();
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('lets 200 concurrent debits of 1.00 against 100.00 through exactly 100 times, and a replay changes nothing', async () => {
    const userId = await insertPlayer(handle.db, 'racer');
    await wallet.transfer(deposit(userId, 10_000n, 'racer-dep'));
    const requests = Array.from({ length: 200 }, (_, i) => bet(userId, 100n, `racer-bet-${i}`));
    const outcomes = await Promise.allSettled(requests.map((request) => wallet.transfer(request)));
    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(accepted).toHaveLength(100);
    expect(refused.every((outcome) => outcome.reason instanceof InsufficientFundsError)).toBe(true);
    expect(await wallet.balances(userId, 'EUR')).toEqual({ main: 0n, bonus: 0n });

    const replays = await Promise.allSettled(requests.map((request) => wallet.transfer(request)));
    const replayed = replays.filter((outcome) => outcome.status === 'fulfilled' && outcome.value.replayed);
    expect(replayed).toHaveLength(100);
    expect(await wallet.balances(userId, 'EUR')).toEqual({ main: 0n, bonus: 0n });
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  }, 120_000);

  it(`keeps every invariant through seeded random traffic with duplicated and reordered requests (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const random = seededRandom(seed);
      const players = await Promise.all([0, 1, 2].map((i) => insertPlayer(handle.db, `sim-${seed}-${i}`)));
      const expected = new Map<number, bigint>(players.map((id) => [id, 0n]));
      const applied = new Set<string>();
      const betsApplied = new Map<string, { userId: number; amount: bigint }>();

      for (let round = 0; round < 15; round++) {
        const batch: { request: TransferRequest; effect: () => void }[] = [];
        for (let i = 0; i < 8; i++) {
          const userId = random.pick(players);
          const amount = BigInt(random.int(1, 5_000));
          const key = `s${seed}-r${round}-${i}`;
          const op = random.pick(['deposit', 'bet', 'bet', 'win', 'rollback', 'withdrawal'] as const);
          if (op === 'deposit') {
            batch.push({
              request: deposit(userId, amount, key),
              effect: () => expected.set(userId, expected.get(userId)! + amount),
            });
          } else if (op === 'bet') {
            batch.push({
              request: bet(userId, amount, key),
              effect: () => {
                expected.set(userId, expected.get(userId)! - amount);
                betsApplied.set(key, { userId, amount });
              },
            });
          } else if (op === 'win') {
            batch.push({
              request: {
                idempotencyKey: key,
                kind: 'casino_win',
                currency: 'EUR',
                legs: [
                  { account: { userId, kind: 'main' }, amount },
                  { account: { house: 'casino' }, amount: -amount },
                ],
              },
              effect: () => expected.set(userId, expected.get(userId)! + amount),
            });
          } else if (op === 'rollback' && betsApplied.size > 0) {
            const [betKey, original] = random.pick([...betsApplied.entries()]);
            batch.push({
              request: {
                idempotencyKey: `rollback:${betKey}`,
                kind: 'casino_rollback',
                currency: 'EUR',
                legs: [
                  { account: { userId: original.userId, kind: 'main' }, amount: original.amount },
                  { account: { house: 'casino' }, amount: -original.amount },
                ],
              },
              effect: () => expected.set(original.userId, expected.get(original.userId)! + original.amount),
            });
          } else if (op === 'withdrawal') {
            batch.push({
              request: {
                idempotencyKey: key,
                kind: 'withdrawal_request',
                currency: 'EUR',
                legs: [
                  { account: { userId, kind: 'main' }, amount: -amount },
                  { account: { house: 'withdrawals' }, amount },
                ],
              },
              effect: () => expected.set(userId, expected.get(userId)! - amount),
            });
          }
        }
        // Duplicate some requests and shuffle the batch: retries and reordering as a network produces them.
        const traffic = [...batch, ...batch.filter(() => random.next() < 0.4)].sort(() => random.next() - 0.5);
        const outcomes = await Promise.allSettled(traffic.map((item) => wallet.transfer(item.request)));
        outcomes.forEach((outcome, index) => {
          const item = traffic[index]!;
          if (outcome.status === 'rejected') {
            expect(outcome.reason).toBeInstanceOf(InsufficientFundsError);
            return;
          }
          if (outcome.value.replayed) return;
          expect(applied.has(item.request.idempotencyKey)).toBe(false);
          applied.add(item.request.idempotencyKey);
          item.effect();
        });
      }
      for (const userId of players) {
        expect((await wallet.balances(userId, 'EUR')).main, `seed ${seed}, player ${userId}`).toBe(
          expected.get(userId),
        );
      }
      expect(await ledgerViolations(handle.db), `seed ${seed}`).toEqual(NO_VIOLATIONS);
    }
  }, 300_000);
});
