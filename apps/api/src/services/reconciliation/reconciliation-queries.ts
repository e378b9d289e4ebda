import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import { findings } from '../../lib/sql-findings';

/** Real-money Originals rounds older than the cutoff whose outcome never reached the wallet (or whose bet's fate). */
export function unsettledOriginalsRounds(db: DbOrTx, before: Date) {
  return findings(
    db,
    sql`select id as round_id, status, wallet_round_id, currency, bet::text as bet, payout::text as payout, attempts,
          created_at::text as created_at
        from originals_rounds
        where mode = 'real' and status in ('placed', 'open', 'accepted') and created_at < ${before.toISOString()}
        order by id`,
  );
}

/**
 * Provider bets older than the cutoff that the wallet took and that no win of their round and no rollback ever
 * followed: a round every seamless-wallet provider must close (with a win, zero for a loss, or a rollback).
 */
export function openProviderBets(db: DbOrTx, before: Date) {
  return findings(
    db,
    sql`select b.id, b.provider, b.transaction_id, b.round_id, b.user_id, b.amount::text as amount, b.currency,
          b.created_at::text as created_at
        from provider_transactions b
        where b.type = 'bet' and b.status = 'ok' and b.created_at < ${before.toISOString()}
          and not exists (select 1 from provider_transactions w where w.provider = b.provider
            and w.round_id = b.round_id and w.user_id = b.user_id and w.type = 'win' and w.status = 'ok')
          and not exists (select 1 from provider_transactions r where r.provider = b.provider
            and r.reference_transaction_id = b.transaction_id and r.type = 'rollback' and r.status = 'ok')
        order by b.id`,
  );
}
