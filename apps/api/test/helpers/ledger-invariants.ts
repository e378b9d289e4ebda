import { sql } from 'drizzle-orm';
import type { Db } from '@playhouse/db';

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The ledger's invariants; each returns the offending rows, so an empty list means the ledger is sound. */
export async function ledgerViolations(db: Db) {
  return {
    unbalancedTransfers: await rows(
      db,
      sql`select transfer_id, sum(amount)::text as total from ledger_entries group by transfer_id having sum(amount) <> 0`,
    ),
    negativePlayerBalances: await rows(
      db,
      sql`select id, balance::text as balance from ledger_accounts where user_id is not null and balance < 0`,
    ),
    balancesNotMatchingEntries: await rows(
      db,
      sql`select a.id, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as entries
          from ledger_accounts a left join ledger_entries e on e.account_id = a.id
          group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
    ),
    lastBalanceAfterMismatch: await rows(
      db,
      sql`select a.id from ledger_accounts a join lateral (
            select balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1
          ) last on true where last.balance_after <> a.balance`,
    ),
    transfersWithoutEntries: await rows(
      db,
      sql`select t.id from ledger_transfers t where not exists (select 1 from ledger_entries e where e.transfer_id = t.id)`,
    ),
  };
}

export const NO_VIOLATIONS = {
  unbalancedTransfers: [],
  negativePlayerBalances: [],
  balancesNotMatchingEntries: [],
  lastBalanceAfterMismatch: [],
  transfersWithoutEntries: [],
};

/**
 * The stake pipeline's invariants (each returns the offending rows): a stake's recorded shares are what its ledger
 * transfer moved, and bonus money exists only while its bonus is being wagered.
 */
export async function stakeViolations(db: Db) {
  return {
    stakesNotMatchingTheirTransfer: await rows(
      db,
      sql`select s.source_key from stakes s
          left join lateral (
            select coalesce(sum(e.amount) filter (where a.kind = 'main'), 0) as main,
                   coalesce(sum(e.amount) filter (where a.kind = 'bonus'), 0) as bonus,
                   coalesce(sum(e.amount) filter (where a.kind = 'bonus_pool'), 0) as pool,
                   coalesce(sum(e.amount) filter (where a.user_id is null and a.kind = s.product), 0) as house
            from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where e.transfer_id = s.stake_transfer_id
          ) t on true
          -- A cash out of part of a sports stake lowers the stake's row by the shares it took (bet_cash_outs); the
          -- one that cashed out the rest settled the row as it stood.
          left join lateral (
            select coalesce(sum(c.stake_main), 0) as main, coalesce(sum(c.stake_bonus), 0) as bonus
            from bet_cash_outs c join bets b on b.id = c.bet_id
            where s.product = 'sports' and s.source_key = 'sports:' || c.bet_id
              and not (b.status = 'cashed_out'
                and c.seq = (select max(l.seq) from bet_cash_outs l where l.bet_id = c.bet_id))
          ) c on true
          where t.main <> -(s.main + c.main) or t.bonus <> -(s.bonus + c.bonus) or t.pool <> -s.free_spin
            or t.house <> s.amount + c.main + c.bonus`,
    ),
    bonusMoneyWithoutBonus: await rows(
      db,
      sql`select a.id, a.user_id, a.balance::text as balance from ledger_accounts a
          where a.kind = 'bonus' and a.user_id is not null and a.balance <> 0
            and not exists (select 1 from user_bonuses b where b.user_id = a.user_id and b.status = 'active')`,
    ),
  };
}

export const NO_STAKE_VIOLATIONS = { stakesNotMatchingTheirTransfer: [], bonusMoneyWithoutBonus: [] };

export async function insertPlayer(db: Db, name: string, currency = 'EUR'): Promise<number> {
  const [row] = await rows(
    db,
    sql`insert into users (email, username, password_hash, currency) values (${`${name}@example.test`}, ${name}, 'x', ${currency}) returning id`,
  );
  return Number(row!.id);
}
