import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import { formatMinor, type AffiliatePage, type AffiliateReportQuery, type AffiliateRow } from '@playhouse/shared';
import { z } from 'zod';
import { rowsOf } from '../../lib/sql-rows';
import { depositsAndPlayOf } from '../wallet/play-queries';

const SORTS: Record<NonNullable<AffiliateReportQuery['sort']>, string> = {
  code: 'code',
  registrations: 'registrations',
  depositors: 'depositors',
  firstRegistration: 'first_registration',
};

// Counts arrive as numbers, sums as text (from PGlite and node-postgres alike).
const reportRow = z.object({
  code: z.string(),
  registrations: z.coerce.number(),
  depositors: z.coerce.number(),
  deposits: z.coerce.bigint(),
  ngr: z.coerce.bigint(),
  first_registration: z.coerce.date(),
  total: z.coerce.number(),
});

/**
 * Registrations, depositing players, deposits and NGR per registration code (the affiliate code a player signed up
 * with, compared without letter case), in one currency, from the wallet's sums of their entries. `from`/`to` (dates, UTC) bound the
 * registrations counted; the money is all those players' money so far.
 */
export async function affiliateReport(
  db: DbOrTx,
  query: AffiliateReportQuery,
  window: { limit: number; offset: number },
): Promise<AffiliatePage> {
  const search = query.q ? `%${query.q.toUpperCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const from = query.from ? new Date(`${query.from}T00:00:00Z`).toISOString() : null;
  const to = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString() : null;
  const column = sql.raw(SORTS[query.sort ?? 'registrations']);
  const direction = sql.raw(query.dir === 'asc' ? 'asc' : 'desc');
  const rows = rowsOf(
    await db.execute(sql`
    with registered as (
      select u.id, upper(trim(u.promo_code)) as code, u.created_at
      from users u
      where u.role = 'player' and u.promo_code is not null and trim(u.promo_code) <> ''
        and (${search}::text is null or upper(u.promo_code) like ${search})
        and (${from}::timestamptz is null or u.created_at >= ${from}::timestamptz)
        and (${to}::timestamptz is null or u.created_at < ${to}::timestamptz)
    ),
    money as (${depositsAndPlayOf(sql`select id from registered`, query.currency)})
    select r.code,
      count(*)::int as registrations,
      (count(*) filter (where m.deposits > 0))::int as depositors,
      coalesce(sum(m.deposits), 0)::text as deposits,
      (-coalesce(sum(m.play), 0))::text as ngr,
      min(r.created_at) as first_registration,
      (count(*) over ())::int as total
    from registered r
    left join money m on m.user_id = r.id
    group by r.code
    order by ${column} ${direction}, r.code asc
    limit ${window.limit} offset ${window.offset}
  `),
    reportRow,
  );
  const items: AffiliateRow[] = rows.map((row) => ({
    code: row.code,
    registrations: row.registrations,
    depositors: row.depositors,
    deposits: formatMinor(row.deposits, query.currency),
    ngr: formatMinor(row.ngr, query.currency),
    firstRegistration: row.first_registration.toISOString(),
  }));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && window.offset > 0) {
    const [counted] = rowsOf(
      await db.execute(sql`
        select count(distinct upper(trim(promo_code)))::int as total from users
        where role = 'player' and promo_code is not null and trim(promo_code) <> ''
          and (${search}::text is null or upper(promo_code) like ${search})
          and (${from}::timestamptz is null or created_at >= ${from}::timestamptz)
          and (${to}::timestamptz is null or created_at < ${to}::timestamptz)
      `),
      z.object({ total: z.coerce.number() }),
    );
    total = counted?.total ?? 0;
  }
  return { items, total, page: query.page, pageSize: query.pageSize, currency: query.currency };
}
