import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameSearchResponseSchema } from '@playhouse/shared';
import { buildCasinoApp, type CasinoTestApp } from '../helpers/games-fixtures';

let t: CasinoTestApp;

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  t = await buildCasinoApp();
  // 10,000 more games with titles in two languages, one of them accented, like a large operator's catalogue.
  await t.db.execute(sql`
    insert into games (slug, title, provider_id, kind, engine, rtp, popularity)
    select 'bulk-' || i,
           jsonb_build_object('en', 'Bulk Fortune ' || i || case when i % 1000 = 0 then ' Señor' else '' end,
                              'de', 'Massenglück ' || i),
           (select id from providers order by id limit 1), 'slot', 'slot', 9608, i % 977
    from generate_series(1, 10000) as i`);
  // What autovacuum does on a server: moves the GIN index's pending entries into the index and refreshes statistics.
  await t.db.execute(sql`vacuum analyze games`);
});
afterAll(async () => {
  await t.close();
});

describe('GET /spa/games/search on 10,000 games', () => {
  it('finds by any part of a title through the trigram index, not by scanning the table', async () => {
    const plan = await rows(
      sql`explain select id from games where search_text like '%' || casino_normalize(${'senor'}) || '%'`,
    );
    const text = plan.map((row) => String(Object.values(row)[0])).join('\n');
    expect(text).toContain('games_search_text_trgm_idx');
    expect(text).not.toMatch(/Seq Scan on games/);
  });

  it('answers accent- and case-insensitively with the total', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/spa/games/search?search=SENOR&perPage=10' });
    expect(response.statusCode).toBe(200);
    const body = gameSearchResponseSchema.parse(response.json());
    expect(body.total).toBe(11);
    expect(body.items).toHaveLength(10);
    expect(body.items.map((item) => item.title)).toContain('Bulk Fortune 5000 Señor');
  });

  it('answers a broad term page by page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/spa/games/search?search=massenglück%2099&perPage=10&page=2',
    });
    const body = gameSearchResponseSchema.parse(response.json());
    expect(body.total).toBe(111);
    expect(body.items).toHaveLength(10);
  });
});
