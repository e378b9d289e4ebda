import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '@playhouse/db';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';

/*
 * The migration that brings in the stakes table records the stakes made before it (so what comes back on them follows
 * their bonus) and moves bonus money left without a bonus back to the bonus pool. This runs it on a database that
 * earlier code filled, written here as that code wrote it.
 */

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/db/migrations');
const folders: string[] = [];

/** A copy of the migrations folder whose journal stops before the stakes migration (and everything after it). */
function migrationsBeforeStakes(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'playhouse-migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_stakes'));
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

type Row = Record<string, unknown>;

describe('migration: stakes', () => {
  it('records earlier stakes with their shares and bonus, and sweeps bonus money left without a bonus', async () => {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm, unaccent } });
    const db = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
    try {
      await migrate(db as never, { migrationsFolder: migrationsBeforeStakes() });

      const players = (
        await rows(sql`insert into users (email, username, password_hash, currency) values
          ('alice@example.test', 'alice', 'x', 'EUR'), ('bob@example.test', 'bob', 'x', 'EUR') returning id`)
      ).map((row) => Number(row.id));
      const alice = players[0]!;
      const bob = players[1]!;
      const [campaign] = await rows(sql`insert into bonus_campaigns (slug, kind, template, trigger, amount, wager,
        valid_days, offer_days, contributions) values ('old', 'free_money', 'standard', 'manual', 1000, 30, 7, 7, '{}')
        returning id`);
      const at = (hours: number) => new Date(Date.UTC(2026, 0, 1, hours)).toISOString();
      const bonus = async (id: string, status: string, accepted: number, finished: number | null) =>
        rows(sql`insert into user_bonuses (id, user_id, campaign_id, trigger_ref, status, currency, amount, accepted_at,
          finished_at) values (${id}, ${alice}, ${campaign!.id}, ${id}, ${status}, 'EUR', 1000, ${at(accepted)},
          ${finished === null ? null : at(finished)})`);
      const forfeited = '00000000-0000-4000-8000-000000000001';
      const running = '00000000-0000-4000-8000-000000000002';
      await bonus(forfeited, 'forfeited', 1, 3);
      await bonus(running, 'active', 4, null);

      // The ledger as earlier code wrote it: one transfer per movement, entries with the balance after, all in one
      // transaction (a transfer's entries balance only once all are written).
      let exec: Pick<Db, 'execute'> = db;
      const write = async (query: ReturnType<typeof sql>) =>
        ((await exec.execute(query)) as unknown as { rows: Row[] }).rows;
      const balances = new Map<string, bigint>();
      const accounts = new Map<string, number>();
      async function account(owner: number | null, kind: string): Promise<number> {
        const name = `${owner}:${kind}`;
        if (!accounts.has(name)) {
          const [row] = await write(sql`insert into ledger_accounts (user_id, kind, currency, allow_negative)
            values (${owner}, ${kind}, 'EUR', ${owner === null}) returning id`);
          accounts.set(name, Number(row!.id));
        }
        return accounts.get(name)!;
      }
      async function transfer(key: string, kind: string, legs: [number | null, string, bigint][]): Promise<number> {
        const [created] = await write(sql`insert into ledger_transfers (idempotency_key, request_hash, kind, currency)
          values (${key}, 'old', ${kind}, 'EUR') returning id`);
        for (const [owner, accountKind, amount] of legs) {
          const id = await account(owner, accountKind);
          const after = (balances.get(`${id}`) ?? 0n) + amount;
          balances.set(`${id}`, after);
          await write(sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after)
            values (${created!.id}, ${id}, ${amount.toString()}, ${after.toString()})`);
          await write(sql`update ledger_accounts set balance = ${after.toString()} where id = ${id}`);
        }
        return Number(created!.id);
      }
      await db.transaction(async (tx) => {
        exec = tx;
        await transfer('dep-a', 'deposit', [
          [alice, 'main', 1000n],
          [null, 'world', -1000n],
        ]);
        await transfer('grant-1', 'bonus_grant', [
          [alice, 'bonus', 1000n],
          [null, 'bonus_pool', -1000n],
        ]);
        // A sports bet under the bonus that was later forfeited: 3.00 main + 2.00 bonus, still open.
        await transfer('bet:10000000-0000-4000-8000-000000000001', 'sports_stake', [
          [alice, 'main', -300n],
          [alice, 'bonus', -200n],
          [null, 'sports', 500n],
        ]);
        await transfer('bonus:forfeit:1', 'bonus_forfeit', [
          [alice, 'bonus', -800n],
          [null, 'bonus_pool', 800n],
        ]);
        // Earlier code returned a rolled-back bonus share to the bonus balance with no bonus running.
        await transfer('orphan', 'casino_rollback', [
          [bob, 'bonus', 700n],
          [null, 'casino', -700n],
        ]);
        await transfer('grant-2', 'bonus_grant', [
          [alice, 'bonus', 1000n],
          [null, 'bonus_pool', -1000n],
        ]);
        const casinoBet = await transfer('casino:originals:bet:c1', 'casino_bet', [
          [alice, 'main', -100n],
          [alice, 'bonus', -400n],
          [null, 'casino', 500n],
        ]);
        const legacyBet = await transfer('casino:originals:bet:c2', 'casino_bet', [
          [alice, 'main', -50n],
          [null, 'casino', 50n],
        ]);
        await write(sql`insert into bets (id, user_id, kind, stake, currency, total_odd_thousandths,
          potential_payout, odds_change_policy, idempotency_key, request_hash, placed_at) values
          ('10000000-0000-4000-8000-000000000001', ${alice}, 'single', 500, 'EUR', 2100, 1050, 'any', 'k1', 'h',
          ${at(2)})`);
        await write(sql`insert into provider_transactions (provider, transaction_id, type, round_id, user_id,
          amount, currency, status, ledger_transfer_id, request_hash, response, legs, created_at) values
          ('originals', 'c1', 'bet', 'r1', ${alice}, 500, 'EUR', 'ok', ${casinoBet}, 'h', '{}',
            '{"main":"100","bonus":"400"}', ${at(5)}),
          ('originals', 'c2', 'bet', 'r2', ${alice}, 50, 'EUR', 'ok', ${legacyBet}, 'h', '{}', '{}', ${at(5)}),
          ('originals', 'w2', 'win', 'r2', ${alice}, 0, 'EUR', 'ok', null, 'h', '{}', '{}', ${at(5)}),
          ('originals', 'c3', 'bet', 'r3', ${alice}, 900, 'EUR', 'refused', null, 'h', '{}', '{}', ${at(5)})`);
      });

      await migrate(db as never, { migrationsFolder: MIGRATIONS });

      const stakes = await rows(sql`select source_key, product, game_type, odd_thousandths::text as odd,
        amount::text as amount, main::text as main, bonus::text as bonus, free_spin::text as free_spin,
        user_bonus_id, status from stakes order by source_key`);
      expect(stakes).toEqual([
        {
          source_key: 'casino:originals:c1',
          product: 'casino',
          game_type: 'other',
          odd: null,
          amount: '500',
          main: '100',
          bonus: '400',
          free_spin: '0',
          user_bonus_id: running,
          status: 'open',
        },
        {
          source_key: 'casino:originals:c2',
          product: 'casino',
          game_type: 'other',
          odd: null,
          amount: '50',
          main: '50',
          bonus: '0',
          free_spin: '0',
          user_bonus_id: running,
          status: 'settled',
        },
        {
          source_key: 'sports:10000000-0000-4000-8000-000000000001',
          product: 'sports',
          game_type: 'sports',
          odd: '2100',
          amount: '500',
          main: '300',
          bonus: '200',
          free_spin: '0',
          user_bonus_id: forfeited,
          status: 'open',
        },
      ]);
      // Bob's 7.00 of bonus money had no bonus: it is back in the pool; Alice's running bonus keeps hers.
      const bonusMoney = await rows(sql`select user_id::int as user_id, balance::text as balance from ledger_accounts
        where kind = 'bonus' order by user_id`);
      expect(bonusMoney).toEqual([
        { user_id: alice, balance: '600' },
        { user_id: bob, balance: '0' },
      ]);
      const [pool] = await rows(sql`select sum(balance)::text as balance from ledger_accounts
        where kind = 'bonus_pool' and user_id is null`);
      expect(pool!.balance).toBe(String(-1000n + 800n - 1000n + 700n));
      expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
    } finally {
      await client.close();
    }
  });
});
