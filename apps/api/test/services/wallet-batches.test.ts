import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbHandle } from '@playhouse/db';
import {
  createWalletService,
  TRANSFER_BATCH_SIZE,
  type TransferRequest,
  type TransferResult,
  type WalletService,
} from '../../src/services/wallet/wallet-service';
import { IdempotencyConflictError, InsufficientFundsError } from '../../src/services/wallet/wallet-errors';
import { ledgerTransferBatchFallbacks, ledgerTransferBatches } from '../../src/lib/metrics';
import { rowsOf } from '../../src/lib/sql-rows';
import { z } from 'zod';
import { createTestDb, onPostgres } from '../helpers/test-db';
import { insertPlayer, ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { seededRandom } from '../helpers/random';

/*
 * Group commit of the wallet's transfers on the pool (ledger_transfer_batch, migration 0045): transfers asked for in
 * one turn go to the database as one call, and each is applied or refused exactly as ledger_transfer would have, one
 * after another in the order asked.
 */

let handle: DbHandle;
let wallet: WalletService;

beforeAll(async () => {
  handle = await createTestDb();
  wallet = createWalletService({ db: handle.db });
});
afterAll(async () => handle.close());

const engine = onPostgres ? 'PostgreSQL' : 'PGlite';

const deposit = (userId: number, amount: bigint, key: string, currency = 'EUR'): TransferRequest => ({
  idempotencyKey: key,
  kind: 'deposit',
  currency,
  legs: [
    { account: { userId, kind: 'main' }, amount },
    { account: { house: 'world' }, amount: -amount },
  ],
});
const bet = (userId: number, amount: bigint, key: string, currency = 'EUR'): TransferRequest => ({
  idempotencyKey: key,
  kind: 'casino_bet',
  currency,
  legs: [
    { account: { userId, kind: 'main' }, amount: -amount },
    { account: { house: 'casino' }, amount },
  ],
});

/** The batches this process sent so far: calls, transfers carried, and calls that failed and ran one by one. */
async function batchFigures() {
  const { values } = await ledgerTransferBatches.get();
  const value = (name: string) => values.find((entry) => entry.metricName === name)?.value ?? 0;
  const fallbacks = (await ledgerTransferBatchFallbacks.get()).values[0]?.value ?? 0;
  return {
    calls: value('playhouse_ledger_transfer_batch_size_count'),
    transfers: value('playhouse_ledger_transfer_batch_size_sum'),
    fallbacks,
  };
}

/** What the figures grew by while `work` ran. */
async function counting<T>(work: () => Promise<T>) {
  const before = await batchFigures();
  const result = await work();
  const after = await batchFigures();
  return {
    result,
    calls: after.calls - before.calls,
    transfers: after.transfers - before.transfers,
    fallbacks: after.fallbacks - before.fallbacks,
  };
}

const mainBalance = async (userId: number, currency = 'EUR') => (await wallet.balances(userId, currency)).main;

const transferIdOf = async (key: string) =>
  rowsOf(
    await handle.db.execute(sql`select id from ledger_transfers where idempotency_key = ${key}`),
    z.object({ id: z.coerce.number() }),
  )[0]?.id;

describe(`wallet transfers batched on the pool (${engine})`, () => {
  it('sends the transfers asked for in one turn as one call, each applied with its own balances', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, (_, i) => insertPlayer(handle.db, `batch-a-${i}`)));
    const { result, calls, transfers, fallbacks } = await counting(() =>
      Promise.all(players.map((userId, i) => wallet.transfer(deposit(userId, BigInt(100 * (i + 1)), `ba-dep-${i}`)))),
    );
    expect({ calls, transfers, fallbacks }).toEqual({ calls: 1, transfers: 10, fallbacks: 0 });
    expect(result.every((answer) => !answer.replayed)).toBe(true);
    expect(new Set(result.map((answer) => answer.transferId)).size).toBe(10);
    for (const [i, userId] of players.entries()) {
      expect(await mainBalance(userId)).toBe(BigInt(100 * (i + 1)));
      const main = await wallet.accountId({ userId, kind: 'main' }, 'EUR');
      expect(result[i]!.balances.get(main)).toBe(BigInt(100 * (i + 1)));
    }
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('sends a lone transfer of its turn through ledger_transfer, not as a batch', async () => {
    const userId = await insertPlayer(handle.db, 'batch-lone');
    const { result, calls } = await counting(() => wallet.transfer(deposit(userId, 5n, 'bl-dep')));
    expect(calls).toBe(0);
    expect(result.replayed).toBe(false);
    expect(await mainBalance(userId)).toBe(5n);
  });

  it('refuses an overdraft inside a batch alone: the others apply, and a later transfer sees the balance the earlier ones left', async () => {
    const [alice, bob] = await Promise.all([
      insertPlayer(handle.db, 'batch-alice'),
      insertPlayer(handle.db, 'batch-bob'),
    ]);
    await wallet.transfer(deposit(alice, 100n, 'bb-dep-alice'));
    const aliceMain = await wallet.accountId({ userId: alice, kind: 'main' }, 'EUR');
    const { result, calls, fallbacks } = await counting(() =>
      Promise.allSettled([
        wallet.transfer(bet(alice, 60n, 'bb-bet-1')),
        wallet.transfer(bet(alice, 60n, 'bb-bet-2')),
        wallet.transfer(deposit(bob, 25n, 'bb-dep-bob')),
        wallet.transfer(bet(alice, 40n, 'bb-bet-3')),
        wallet.transfer(bet(bob, 26n, 'bb-bet-bob')),
      ]),
    );
    expect({ calls, fallbacks }).toEqual({ calls: 1, fallbacks: 0 });
    const [first, second, bobDeposit, third, bobBet] = result;
    expect(first).toMatchObject({ status: 'fulfilled' });
    // The second saw the 40 the first left, and was refused with it; it consumed nothing.
    expect(second).toMatchObject({ status: 'rejected' });
    const refusal = second!.status === 'rejected' ? second.reason : null;
    expect(refusal).toBeInstanceOf(InsufficientFundsError);
    expect(refusal).toMatchObject({ accountId: aliceMain, balance: 40n });
    expect(bobDeposit).toMatchObject({ status: 'fulfilled' });
    // The third took the 40 the refused one left.
    expect(third.status === 'fulfilled' ? third.value.balances.get(aliceMain) : null).toBe(0n);
    expect(bobBet).toMatchObject({ status: 'rejected' });
    expect(await mainBalance(alice)).toBe(0n);
    expect(await mainBalance(bob)).toBe(25n);
    // The refused keys were not claimed.
    expect(await transferIdOf('bb-bet-2')).toBeUndefined();
    expect(await transferIdOf('bb-bet-bob')).toBeUndefined();
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('answers a key met twice in one batch as a replay of the first, a reused key as a conflict, and a key refused first as new', async () => {
    const userId = await insertPlayer(handle.db, 'batch-dup');
    await wallet.transfer(deposit(userId, 100n, 'bd-dep'));
    const { result, calls, fallbacks } = await counting(() =>
      Promise.allSettled([
        wallet.transfer(bet(userId, 30n, 'bd-bet')),
        wallet.transfer(bet(userId, 30n, 'bd-bet')),
        wallet.transfer(bet(userId, 31n, 'bd-bet')),
        // Refused (70 left), so its key stays free: the same request after a deposit applies, its copy replays it.
        wallet.transfer(bet(userId, 500n, 'bd-big')),
        wallet.transfer(deposit(userId, 1_000n, 'bd-dep-2')),
        wallet.transfer(bet(userId, 500n, 'bd-big')),
        wallet.transfer(bet(userId, 500n, 'bd-big')),
      ]),
    );
    expect({ calls, fallbacks }).toEqual({ calls: 1, fallbacks: 0 });
    const value = (index: number): TransferResult => {
      const outcome = result[index]!;
      if (outcome.status !== 'fulfilled') throw new Error(`transfer ${index} was refused: ${String(outcome.reason)}`);
      return outcome.value;
    };
    expect(value(0).replayed).toBe(false);
    expect(value(1)).toMatchObject({ replayed: true, transferId: value(0).transferId });
    expect([...value(1).balances]).toEqual([...value(0).balances]);
    expect(result[2]).toMatchObject({ status: 'rejected' });
    expect(result[2]!.status === 'rejected' ? result[2].reason : null).toBeInstanceOf(IdempotencyConflictError);
    expect(result[3]!.status === 'rejected' ? result[3].reason : null).toBeInstanceOf(InsufficientFundsError);
    expect(value(5).replayed).toBe(false);
    expect(value(6)).toMatchObject({ replayed: true, transferId: value(5).transferId });
    expect(await mainBalance(userId)).toBe(100n - 30n + 1_000n - 500n);
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('answers a key committed before the batch with the stored transfer, whatever else the batch holds', async () => {
    const userId = await insertPlayer(handle.db, 'batch-replay');
    const first = await wallet.transfer(deposit(userId, 700n, 'br-dep'));
    const { result, calls } = await counting(() =>
      Promise.allSettled([
        wallet.transfer(bet(userId, 100n, 'br-bet')),
        wallet.transfer(deposit(userId, 700n, 'br-dep')),
        wallet.transfer(deposit(userId, 900n, 'br-dep')),
      ]),
    );
    expect(calls).toBe(1);
    expect(result[0]).toMatchObject({ status: 'fulfilled', value: { replayed: false } });
    expect(result[1]).toMatchObject({ status: 'fulfilled', value: { replayed: true, transferId: first.transferId } });
    const replayed = result[1]!.status === 'fulfilled' ? result[1].value : null;
    expect([...(replayed?.balances ?? [])]).toEqual([...first.balances]);
    expect(result[2]!.status === 'rejected' ? result[2].reason : null).toBeInstanceOf(IdempotencyConflictError);
    expect(await mainBalance(userId)).toBe(600n);
  });

  it('creates the accounts a batch needs (a new player, a new currency, new house sub-accounts) once', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, (_, i) => insertPlayer(handle.db, `batch-new-${i}`)));
    const { result, calls, fallbacks } = await counting(() =>
      Promise.all(
        players.flatMap((userId, i) => [
          wallet.transfer(deposit(userId, 50n, `bn-dep-${i}`, 'SEK')),
          wallet.transfer(deposit(userId, 50n, `bn-dep2-${i}`, 'SEK')),
          wallet.transfer(bet(userId, 30n, `bn-bet-${i}`, 'SEK')),
        ]),
      ),
    );
    expect({ calls, fallbacks }).toEqual({ calls: 1, fallbacks: 0 });
    expect(result.every((answer) => !answer.replayed)).toBe(true);
    for (const userId of players) expect(await mainBalance(userId, 'SEK')).toBe(70n);
    const accounts = rowsOf(
      await handle.db.execute(sql`select count(*)::int as n from ledger_accounts where currency = 'SEK'
        group by user_id, kind, shard having count(*) > 1`),
      z.object({ n: z.number() }),
    );
    expect(accounts).toEqual([]);
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('carries keys of any text, and metadata per transfer', async () => {
    const userId = await insertPlayer(handle.db, 'batch-text');
    const keys = ['bt,1', 'bt "2"', 'bt {3}', "bt '4' \\ é"];
    await Promise.all(
      keys.map((key, i) => wallet.transfer({ ...deposit(userId, 10n, key), metadata: { n: i, text: key } })),
    );
    const stored = rowsOf(
      await handle.db.execute(sql`select idempotency_key, metadata from ledger_transfers
        where idempotency_key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}) order by id`),
      z.object({ idempotency_key: z.string(), metadata: z.object({ n: z.number(), text: z.string() }) }),
    );
    expect(stored).toEqual(keys.map((key, i) => ({ idempotency_key: key, metadata: { n: i, text: key } })));
  });

  it('falls back to one transfer at a time when the batch call fails, and every caller still gets its answer', async () => {
    const userId = await insertPlayer(handle.db, 'batch-fallback');
    await wallet.transfer(deposit(userId, 100n, 'bf-dep'));
    // The batch's first insert of a 'bf-fail' key fails once (a sequence is not rolled back with the batch).
    await handle.db.execute(sql`create sequence bf_fail_once`);
    await handle.db.execute(sql`create function bf_fail_once() returns trigger language plpgsql as $$
      begin
        if new.idempotency_key like 'bf-fail%' and nextval('bf_fail_once') = 1 then
          raise exception 'forced failure of the batch';
        end if;
        return new;
      end $$`);
    await handle.db.execute(sql`create trigger bf_fail_once before insert on ledger_transfers
      for each row execute function bf_fail_once()`);
    try {
      const { result, calls, fallbacks } = await counting(() =>
        Promise.allSettled([
          wallet.transfer(bet(userId, 40n, 'bf-ok-1')),
          wallet.transfer(bet(userId, 40n, 'bf-fail-2')),
          wallet.transfer(bet(userId, 40n, 'bf-ok-3')),
          wallet.transfer(deposit(userId, 100n, 'bf-dep')),
        ]),
      );
      expect({ calls, fallbacks }).toEqual({ calls: 1, fallbacks: 1 });
      const applied = result.filter((outcome) => outcome.status === 'fulfilled' && !outcome.value.replayed);
      const refused = result.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      // Run alone (concurrently), two of the three bets of 40 fit in 100; which two is the database's race.
      expect(applied).toHaveLength(2);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(InsufficientFundsError);
      expect(result[3]).toMatchObject({ status: 'fulfilled', value: { replayed: true } });
      expect(await mainBalance(userId)).toBe(20n);
    } finally {
      await handle.db.execute(sql`drop trigger bf_fail_once on ledger_transfers`);
      await handle.db.execute(sql`drop function bf_fail_once()`);
      await handle.db.execute(sql`drop sequence bf_fail_once`);
    }
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('splits a turn of more transfers than one call carries, and batches racing on the same accounts neither deadlock nor lose a cent', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, (_, i) => insertPlayer(handle.db, `batch-race-${i}`)));
    await Promise.all(players.map((userId, i) => wallet.transfer(deposit(userId, 10_000n, `bra-dep-${i}`))));
    const wallets = [wallet, createWalletService({ db: handle.db }), createWalletService({ db: handle.db })];
    const count = TRANSFER_BATCH_SIZE * 2 + 10;
    const { result, calls, fallbacks } = await counting(() =>
      Promise.allSettled(
        Array.from({ length: count }, (_, i) => {
          const userId = players[i % players.length]!;
          const request = i % 3 === 0 ? deposit(userId, 7n, `bra-${i}`) : bet(userId, 11n, `bra-${i}`);
          return wallets[i % wallets.length]!.transfer(request);
        }),
      ),
    );
    // Three wallets, each its own calls in the turn: 46 or 47 transfers each, one call each.
    expect(calls).toBe(3);
    expect(fallbacks).toBe(0);
    expect(result.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    for (const [p, userId] of players.entries()) {
      let expected = 10_000n;
      for (let i = p; i < count; i += players.length) expected += i % 3 === 0 ? 7n : -11n;
      expect(await mainBalance(userId)).toBe(expected);
    }
    // One wallet, more than a call carries: two calls of TRANSFER_BATCH_SIZE and the rest.
    const split = await counting(() =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          wallet.transfer(deposit(players[i % players.length]!, 1n, `bra-split-${i}`)),
        ),
      ),
    );
    expect({ calls: split.calls, transfers: split.transfers }).toEqual({ calls: 3, transfers: count });
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('races batches against transfers inside callers\u2019 transactions on the same accounts without a deadlock', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, (_, i) => insertPlayer(handle.db, `batch-tx-${i}`)));
    await Promise.all(players.map((userId, i) => wallet.transfer(deposit(userId, 1_000n, `btx-dep-${i}`))));
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 5; round++) {
      for (const [p, userId] of players.entries()) {
        work.push(wallet.transfer(bet(userId, 3n, `btx-pool-${round}-${p}`)));
        work.push(
          handle.db.transaction(async (tx) => {
            // A caller's transaction locks the player's accounts first, as the stake pipeline does.
            await wallet.balances(userId, 'EUR', tx);
            await wallet.transfer(bet(userId, 5n, `btx-tx-${round}-${p}`), tx);
          }),
        );
      }
    }
    const { result, fallbacks } = await counting(() => Promise.allSettled(work));
    expect(result.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(fallbacks).toBe(0);
    for (const userId of players) expect(await mainBalance(userId)).toBe(1_000n - 5n * 8n);
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('answers every transfer of seeded random batches as ledger_transfer one after another would, and keeps the ledger sound', async () => {
    for (let seed = 1; seed <= 8; seed++) {
      const random = seededRandom(seed * 7);
      const players = await Promise.all([0, 1, 2, 3].map((i) => insertPlayer(handle.db, `bm-${seed}-${i}`)));
      // The model: balances and applied keys (with what each asked), ledger_transfer's rules applied in order.
      const balance = new Map<number, bigint>(players.map((id) => [id, 0n]));
      const keys = new Map<string, string>();
      for (let round = 0; round < 6; round++) {
        const requests: TransferRequest[] = [];
        const size = random.int(1, 30);
        for (let i = 0; i < size; i++) {
          const userId = random.pick(players);
          const amount = BigInt(random.int(1, 400));
          // Keys applied in earlier rounds, keys asked earlier in this batch (copies: the same request again), new keys.
          const known = [...keys.keys()];
          const draw = random.next();
          if (requests.length > 0 && draw < 0.15) {
            requests.push(random.pick(requests));
            continue;
          }
          const key = known.length > 0 && draw < 0.3 ? random.pick(known) : `bm-${seed}-${round}-${i}`;
          requests.push(random.next() < 0.4 ? deposit(userId, amount, key) : bet(userId, amount, key));
        }
        const expected = requests.map((request) => {
          const main = request.legs[0]!;
          const userId = 'userId' in main.account ? main.account.userId : 0;
          const asked = `${request.kind}:${userId}:${main.amount}`;
          const stored = keys.get(request.idempotencyKey);
          if (stored !== undefined) return stored === asked ? 'replayed' : 'conflict';
          const after = balance.get(userId)! + main.amount;
          if (after < 0n) return 'insufficient';
          balance.set(userId, after);
          keys.set(request.idempotencyKey, asked);
          return 'applied';
        });
        const { result, calls, fallbacks } = await counting(() =>
          Promise.allSettled(requests.map((request) => wallet.transfer(request))),
        );
        // A lone transfer goes through ledger_transfer, the others as one call.
        expect({ calls, fallbacks }, `seed ${seed}, round ${round}`).toEqual({
          calls: requests.length > 1 ? 1 : 0,
          fallbacks: 0,
        });
        const answered = result.map((outcome) => {
          if (outcome.status === 'fulfilled') return outcome.value.replayed ? 'replayed' : 'applied';
          if (outcome.reason instanceof InsufficientFundsError) return 'insufficient';
          if (outcome.reason instanceof IdempotencyConflictError) return 'conflict';
          return String(outcome.reason);
        });
        expect(answered, `seed ${seed}, round ${round}`).toEqual(expected);
      }
      for (const userId of players) expect(await mainBalance(userId), `seed ${seed}`).toBe(balance.get(userId));
      expect(await ledgerViolations(handle.db), `seed ${seed}`).toEqual(NO_VIOLATIONS);
    }
  }, 120_000);
});

describe.runIf(onPostgres)('wallet transfers batched on the pool, against other sessions (PostgreSQL)', () => {
  /** A session of its own on the test's database, with a transaction left open. */
  async function otherSession() {
    const [database] = rowsOf(
      await handle.db.execute(sql`select current_database() as name`),
      z.object({ name: z.string() }),
    );
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database!.name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  }

  /** Waits until a call of ledger_transfer_batch waits for a lock; answers its backend's pid. */
  async function batchWaitingForALock(): Promise<number> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const [row] = rowsOf(
        await handle.db.execute(sql`select pid from pg_stat_activity where datname = current_database()
          and query like '%ledger_transfer_batch(%' and wait_event_type = 'Lock'`),
        z.object({ pid: z.coerce.number() }),
      );
      if (row) return row.pid;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no batch waited for a lock');
  }

  it('falls back when a key of the batch commits in another transaction meanwhile: that one answers as a replay', async () => {
    const userId = await insertPlayer(handle.db, 'batch-unique');
    await wallet.transfer(deposit(userId, 1_000n, 'bu-dep'));
    const other = await otherSession();
    try {
      await other.query('begin');
      const prepared = wallet.prepare(bet(userId, 10n, 'bu-2'));
      await other.query(
        `select outcome from ledger_transfer($1, $2, 'casino_bet', 'EUR', '{}'::jsonb, $3::bigint[], '{main,casino}', $4::integer[], '{-10,10}')`,
        [prepared.idempotencyKey, prepared.requestHash, `{${userId},NULL}`, `{0,${prepared.legs[1]!.shard}}`],
      );
      const running = counting(() =>
        Promise.all([
          wallet.transfer(bet(userId, 10n, 'bu-1')),
          wallet.transfer(bet(userId, 10n, 'bu-2')),
          wallet.transfer(bet(userId, 10n, 'bu-3')),
        ]),
      );
      // The batch waits on the other session's account lock (it holds the player's row); its commit ends the wait
      // and the batch then meets the committed key.
      await batchWaitingForALock();
      await other.query('commit');
      const { result, calls, fallbacks } = await running;
      expect({ calls, fallbacks }).toEqual({ calls: 1, fallbacks: 1 });
      expect(result.map((answer) => answer.replayed)).toEqual([false, true, false]);
      expect(result[1]!.transferId).toBe(await transferIdOf('bu-2'));
      expect(await mainBalance(userId)).toBe(970n);
    } finally {
      await other.end();
    }
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('leaves nothing of a batch whose session is killed in the middle: its transfers then apply once each', async () => {
    const userId = await insertPlayer(handle.db, 'batch-kill');
    await wallet.transfer(deposit(userId, 1_000n, 'bk-dep'));
    const other = await otherSession();
    try {
      // Another transaction is inserting the batch's second key: the batch, having locked the accounts and inserted
      // its first transfer, waits for it in the middle of its writes.
      await other.query('begin');
      await other.query(
        `insert into ledger_transfers (idempotency_key, request_hash, kind, currency) values ('bk-2', 'other', 'deposit', 'EUR')`,
      );
      const running = counting(() =>
        Promise.all([
          wallet.transfer(bet(userId, 10n, 'bk-1')),
          wallet.transfer(bet(userId, 10n, 'bk-2')),
          wallet.transfer(bet(userId, 10n, 'bk-3')),
        ]),
      );
      const pid = await batchWaitingForALock();
      const written = rowsOf(
        await other.query(
          `select count(*)::int as n from pg_locks
            where pid = $1 and granted and mode = 'RowExclusiveLock' and relation = 'ledger_transfers'::regclass`,
          [pid],
        ),
        z.object({ n: z.number() }),
      );
      expect(written[0]!.n).toBeGreaterThan(0);
      await other.query('select pg_terminate_backend($1)', [pid]);
      // The killed batch's first transfer was rolled back with it: run alone, it applies afresh (not a replay).
      await other.query('rollback');
      const { result, calls, fallbacks } = await running;
      expect({ calls, fallbacks }).toEqual({ calls: 1, fallbacks: 1 });
      expect(result.map((answer) => answer.replayed)).toEqual([false, false, false]);
      expect(await mainBalance(userId)).toBe(970n);
      const count = rowsOf(
        await handle.db.execute(sql`select count(*)::int as n from ledger_transfers where idempotency_key like 'bk-%'`),
        z.object({ n: z.number() }),
      );
      expect(count[0]!.n).toBe(4);
    } finally {
      await other.end();
    }
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });
});
