import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameSearchResponseSchema, type Locale } from '@playhouse/shared';
import { createContentCaches } from '../../src/lib/memory-cache';
import { createCatalogueService } from '../../src/services/catalogue/catalogue-service';
import { SEARCH_COUNTED } from '../../src/services/catalogue/search-index';
import { buildCasinoApp, type CasinoTestApp } from '../helpers/games-fixtures';
import { seededRandom } from '../helpers/random';

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

  it('counts a term that matches nearly every game up to the limit, and always past the page asked for', async () => {
    const total = async (query: string) =>
      gameSearchResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/spa/games/search?${query}` })).json())
        .total;
    expect(await total('search=massengl%C3%BCck&perPage=10')).toBe(SEARCH_COUNTED);
    expect(await total('search=massengl%C3%BCck&perPage=50&page=30')).toBe(1_501);
    expect(await total('search=massengl%C3%BCck&perPage=50&page=200')).toBe(10_000);
  });
});

describe('search on the in-memory index', () => {
  // What an instance answers from its copy of the folded titles, beside what the database answers (CONTENT_CACHE=off).
  const inMemory = () =>
    createCatalogueService({ db: t.db, caches: createContentCaches({ enabled: true }), searchAnswersKept: 0 });
  const inDatabase = () => createCatalogueService({ db: t.db });

  async function both(term: string, locale: Locale, page: number, perPage: number) {
    const query = { search: term, page, perPage };
    const context = { locale, defaultLocale: 'en' as const };
    const [memory, database] = await Promise.all([indexed.search(context, query), sqlOnly.search(context, query)]);
    return { memory: memory.value, database: database.value };
  }
  let indexed: ReturnType<typeof inMemory>;
  let sqlOnly: ReturnType<typeof inDatabase>;
  beforeAll(() => {
    indexed = inMemory();
    sqlOnly = inDatabase();
  });

  it("gives the database's answer for every kind of term, language and page", async () => {
    const terms = [
      ...['b', 'ul', 'gold', 'GOLD', 'fortune 77', 'massenglück', 'MASSENGLÜCK', 'senor', 'SEÑOR', 'zzyzx'],
      ...['%', '_', '\\', ' | ', 'fortune 1 | ', 'ЕВРОПЕЙСКАЯ', 'европ', 'Ж', 'ß', 'ss', 'ǅ', 'ﬁ', 'é', 'e\u0301'],
      ...['Ελληνικά', 'ΣΟΦΙΑ', 'İ', 'ı', '😀', 'ÆØÅ', 'œuvre', '½', '©'],
    ];
    for (const term of terms) {
      for (const locale of ['en', 'de', 'ru'] as const) {
        for (const [page, perPage] of [
          [1, 10],
          [2, 10],
          [1, 50],
          [200, 50],
        ] as const) {
          const { memory, database } = await both(term, locale, page, perPage);
          expect(memory, `${term} ${locale} ${page}×${perPage}`).toEqual(database);
        }
      }
    }
  });

  it("gives the database's answer for terms cut from real titles in random case", async () => {
    const random = seededRandom(20261125);
    const titles = (await rows(sql`select title::text as title from games order by id`)).flatMap((row) =>
      Object.values(JSON.parse(String(row.title)) as Record<string, string>),
    );
    for (let i = 0; i < 300; i++) {
      const title = random.pick(titles);
      const start = random.int(0, title.length - 1);
      const cut = [...title.slice(start, start + random.int(1, 8))]
        .map((character) => (random.next() < 0.5 ? character.toUpperCase() : character.toLowerCase()))
        .join('')
        .trim();
      if (cut === '') continue;
      const { memory, database } = await both(cut, random.pick(['en', 'de'] as const), random.int(1, 3), 10);
      expect(memory, cut).toEqual(database);
    }
  });
});
