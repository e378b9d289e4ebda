import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  gameResponseSchema,
  gameSearchResponseSchema,
  gamesResponseSchema,
  launchResponseSchema,
  type Game,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  buildCasinoApp,
  gameBySlug,
  recordSucceededDeposit,
  signedInPlayer,
  SITE_ORIGIN,
  type CasinoTestApp,
} from '../helpers/games-fixtures';

let t: CasinoTestApp;

beforeAll(async () => {
  t = await buildCasinoApp();
});
afterAll(async () => {
  await t.close();
});

async function listGames(query: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `/spa/games${query}`, headers });
  expect(response.statusCode).toBe(200);
  return gamesResponseSchema.parse(response.json());
}

describe('GET /spa/games', () => {
  it('answers a first page of 6 games with the default 600_400_out 3x2 artwork at every breakpoint', async () => {
    const { games, category } = await listGames('');
    expect(games).toHaveLength(6);
    expect(category).toBeUndefined();
    for (const game of games) {
      expect(game.images.map((image) => [image.breakpoint, image.width, image.height])).toEqual([
        [0, 300, 200],
        [768, 600, 400],
      ]);
      expect(game.images[0]!.imagePath).toMatch(/^\/media\/games\/.+-300x200\.png$/);
      expect(game.images[0]!.imagePathWebp).toMatch(/^\/media\/games\/.+-300x200\.webp$/);
      expect(game.isLiked).toBe(false);
    }
  });

  it('filters the artwork by size filter, aspect ratio and breakpoint', async () => {
    const square = await listGames('?imageSizeFilter[]=400_400_out&aspectRatio[]=1x1');
    expect(square.games[0]!.images).toEqual([expect.objectContaining({ width: 200, height: 200, breakpoint: 0 })]);
    const desktop = await listGames('?breakpoint[]=768');
    expect(desktop.games[0]!.images.map((image) => image.breakpoint)).toEqual([768]);
    const both = await listGames('?breakpoint[]=0&breakpoint[]=768&imageSizeFilter[]=600_400_out&aspectRatio[]=3x2');
    expect(both.games[0]!.images).toHaveLength(2);
    const none = await listGames('?aspectRatio[]=16x9');
    expect(none.games[0]!.images).toEqual([]);
  });

  it('pages with offset as the page number until a page comes back empty', async () => {
    const seen = new Set<number>();
    let page = 1;
    for (; ; page += 1) {
      const { games } = await listGames(`?categorySlug=table-games&offset=${page}&limit=6`);
      if (games.length === 0) break;
      for (const game of games) seen.add(game.id);
    }
    expect(seen.size).toBe(12);
    expect(page).toBe(3);
  });

  it('lists a navigation category in its own order, with its heading when withCategory=1, in the asked locale', async () => {
    const { games, category } = await listGames('?categorySlug=table-games&withCategory=1&limit=60', {
      'x-locale': 'de',
    });
    expect(category).toEqual({
      slug: 'table-games',
      title: 'Tischspiele',
      kind: 'category',
      description: 'Blackjack, Roulette, Baccara, Poker und Würfelspiele, jedes nach seinen üblichen Regeln.',
    });
    expect(games.map((game) => game.title)).toContain('Europäisches Roulette');
    const english = await listGames('?categorySlug=table-games&limit=60');
    expect(english.games.map((game) => game.title)).toContain('European Roulette');
  });

  it('lists a provider under the same slug parameter', async () => {
    const { games, category } = await listGames('?categorySlug=northlight&withCategory=1&limit=60');
    expect(category).toMatchObject({ slug: 'northlight', title: 'Northlight Tables', kind: 'provider' });
    expect(games).toHaveLength(6);
    expect(new Set(games.map((game) => game.provider.slug))).toEqual(new Set(['northlight']));
  });

  it('sorts by popularity (1), newest (2) and title (3)', async () => {
    const byTitle = await listGames('?categorySlug=table-games&sort=3&limit=60');
    const titles = byTitle.games.map((game) => game.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    const popular = await listGames('?sort=1&limit=3');
    const rows = await Promise.all(popular.games.map((game) => gameBySlug(t, game.slug)));
    expect(rows.map((row) => row.popularity)).toEqual([...rows.map((row) => row.popularity)].sort((a, b) => b - a));
    const newest = await listGames('?sort=2&limit=3');
    const released = await Promise.all(newest.games.map((game) => gameBySlug(t, game.slug)));
    const times = released.map((row) => row.releasedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('narrows a category by searchValue', async () => {
    const { games } = await listGames('?categorySlug=table-games&searchValue=roulette&limit=60');
    expect(games.map((game) => game.slug).sort()).toEqual([
      'american-roulette',
      'european-roulette',
      'french-roulette',
    ]);
  });

  it('shows games that need a deposit as locked to visitors and to players who have not deposited', async () => {
    const locked = await gameBySlug(t, 'european-roulette');
    expect(locked.requiresDeposit).toBe(false);
    const { games } = await listGames('?limit=60&sort=3');
    const lockedGames = games.filter((game) => game.isLocked);
    expect(lockedGames.length).toBeGreaterThan(0);
    for (const game of lockedGames) expect((await gameBySlug(t, game.slug)).requiresDeposit).toBe(true);

    const player = await signedInPlayer(t);
    const before = await listGames('?limit=60&sort=3', { cookie: player.headers.cookie });
    expect(before.games.filter((game) => game.isLocked).map((game) => game.id)).toEqual(
      lockedGames.map((game) => game.id),
    );
    await recordSucceededDeposit(t.db, player.id);
    const after = await listGames('?limit=60&sort=3', { cookie: player.headers.cookie });
    expect(after.games.some((game) => game.isLocked)).toBe(false);
  });

  it('refuses bad parameters with 400 and an unknown slug with 404', async () => {
    for (const query of [
      '?sort=9',
      '?offset=0',
      '?limit=0',
      '?limit=61',
      '?withCategory=2',
      '?categorySlug=Bad_Slug',
      '?imageSizeFilter[]=huge',
    ]) {
      expectErrorEnvelope(await t.app.inject({ method: 'GET', url: `/spa/games${query}` }), 400, 'validation_failed');
    }
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/spa/games?categorySlug=no-such-thing' }),
      404,
      'not_found',
    );
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/spa/games', headers: { 'x-locale': 'xx' } }),
      400,
      'unknown_locale',
    );
  });

  it('keeps the personal lists for signed-in players: 401 for visitors', async () => {
    for (const slug of ['favourites', 'recently-played']) {
      expectErrorEnvelope(
        await t.app.inject({ method: 'GET', url: `/spa/games?categorySlug=${slug}` }),
        401,
        'unauthorized',
      );
    }
  });
});

describe('GET /spa/games from memory', () => {
  const query = '?categorySlug=originals&limit=6&sort=3';
  const url = `/spa/games${query}`;

  async function withoutAnnouncements<T>(work: () => Promise<T>): Promise<T> {
    await t.db.execute(sql`alter table games disable trigger games_content_changed`);
    try {
      return await work();
    } finally {
      await t.db.execute(sql`alter table games enable trigger games_content_changed`);
    }
  }

  it('answers visitors from memory until the database announces a change, which shows on the next request', async () => {
    const before = await listGames(query);
    const dice = await gameBySlug(t, 'dice');
    try {
      // A write the database does not announce is not seen: the page comes from memory.
      await withoutAnnouncements(() =>
        t.db
          .update(schema.games)
          .set({ title: { ...dice.title, en: 'Dice Deluxe' } })
          .where(eq(schema.games.id, dice.id)),
      );
      expect((await listGames(query)).games).toEqual(before.games);
      // Any announced write to the catalogue drops the kept pages.
      await t.db.update(schema.games).set({ popularity: dice.popularity }).where(eq(schema.games.id, dice.id));
      // On PostgreSQL the announcement reaches the listening connection a moment after the commit.
      await expect
        .poll(async () => (await listGames(query)).games.map((game) => game.title), { timeout: 15_000 })
        .toContain('Dice Deluxe');
    } finally {
      await t.db.update(schema.games).set({ title: dice.title }).where(eq(schema.games.id, dice.id));
    }
    await expect.poll(async () => (await listGames(query)).games, { timeout: 15_000 }).toEqual(before.games);
  });

  it('gives visitors a revalidated public answer with an ETag, and a bodiless 304 to one who holds it', async () => {
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toBe('X-Locale, Cookie, Accept-Encoding');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, no-cache');
    // Another page, or the same in another language, is another answer.
    const german = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag, 'x-locale': 'de' } });
    expect(german.statusCode).toBe(200);
    expect(german.headers.etag).not.toBe(etag);
  });

  it("gives a signed-in player the visitors' page with their own hearts and locks, kept by no one", async () => {
    const player = await signedInPlayer(t);
    const everything = '?limit=60&sort=3';
    const visitors = await listGames(everything);
    const locked = visitors.games.filter((game) => game.isLocked);
    expect(locked.length).toBeGreaterThan(0);
    const liked = visitors.games.find((game) => !game.isLocked)!;
    await t.app.inject({
      method: 'POST',
      url: `/spa/games/${liked.id}/favourite`,
      headers: player.headers,
    });
    const response = await t.app.inject({ method: 'GET', url: `/spa/games${everything}`, headers: player.headers });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
    const own = gamesResponseSchema.parse(response.json());
    expect(own.games.map((game) => game.id)).toEqual(visitors.games.map((game) => game.id));
    expect(own.games.filter((game) => game.isLiked).map((game) => game.id)).toEqual([liked.id]);
    expect(own.games.filter((game) => game.isLocked).map((game) => game.id)).toEqual(locked.map((game) => game.id));
    await recordSucceededDeposit(t.db, player.id);
    const afterDeposit = await listGames(everything, { cookie: player.headers.cookie });
    expect(afterDeposit.games.some((game) => game.isLocked)).toBe(false);
    expect(afterDeposit.games.filter((game) => game.isLiked).map((game) => game.id)).toEqual([liked.id]);
    // The visitors' page is untouched by what one player sees.
    expect(await listGames(everything)).toEqual(visitors);
  });
});

describe('GET /spa/games/{id}', () => {
  it('answers one game by id or by slug, in the asked locale', async () => {
    const row = await gameBySlug(t, 'dice');
    const byId = await t.app.inject({ method: 'GET', url: `/spa/games/${row.id}`, headers: { 'x-locale': 'ru' } });
    expect(byId.statusCode).toBe(200);
    const { game } = gameResponseSchema.parse(byId.json());
    expect(game).toMatchObject({
      id: row.id,
      slug: 'dice',
      title: 'Кости',
      engine: 'dice',
      rtp: '99.00',
      demoModeEnabled: true,
    });
    const bySlug = await t.app.inject({ method: 'GET', url: '/spa/games/dice' });
    expect(gameResponseSchema.parse(bySlug.json()).game.title).toBe('Dice');
  });

  it('answers 404 for an unknown game and 400 for a malformed reference', async () => {
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/games/999999' }), 404, 'not_found');
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/games/no-such-game' }), 404, 'not_found');
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/spa/games/Not%20A%20Slug' }),
      400,
      'validation_failed',
    );
  });
});

describe('GET /spa/seo/page-metadata for a game page', () => {
  it("carries the game's title in the asked locale, and null for an unknown game", async () => {
    const dice = await gameBySlug(t, 'dice');
    const response = await t.app.inject({
      method: 'GET',
      url: `/spa/seo/page-metadata?routePath=/game/dice&gameId=${dice.id}`,
      headers: { 'x-locale': 'de' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ gameTitle: 'Würfel' });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/spa/seo/page-metadata?routePath=/game/x&gameId=999999',
    });
    expect(unknown.json()).toMatchObject({ gameTitle: null });
  });
});

describe('GET /spa/games/search', () => {
  async function search(query: string, headers: Record<string, string> = {}) {
    const response = await t.app.inject({ method: 'GET', url: `/spa/games/search?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return gameSearchResponseSchema.parse(response.json());
  }

  it('matches any part of a title whatever the case and accents', async () => {
    for (const term of ['cafe', 'CAFÉ', 'Café Roy', 'afé ro']) {
      expect((await search(`search=${encodeURIComponent(term)}`)).items.map((item) => item.slug)).toEqual([
        'cafe-royale',
      ]);
    }
    expect((await search('search=nandu')).items.map((item) => item.title)).toEqual(['Ñandú Rush']);
    expect((await search('search=CREME%20BRULEE')).items.map((item) => item.slug)).toEqual(['creme-brulee-bonanza']);
  });

  it('finds titles of every locale and answers in the asked one', async () => {
    const russian = await search(`search=${encodeURIComponent('ЕВРОПЕЙСКАЯ')}`, { 'x-locale': 'ru' });
    expect(russian.items.map((item) => item.title)).toEqual(['Европейская рулетка']);
    const fromGerman = await search(`search=${encodeURIComponent('europäisch')}`);
    expect(fromGerman.items.map((item) => item.title)).toEqual(['European Roulette']);
  });

  it('pages 10 suggestions at a time with the total, titles starting with the term first', async () => {
    const first = await search('search=o&perPage=10&page=1');
    expect(first.items).toHaveLength(10);
    expect(first.total).toBeGreaterThan(20);
    const second = await search('search=o&perPage=10&page=2');
    expect(second.items.map((item) => item.id)).not.toContain(first.items[0]!.id);
    const last = await search(`search=o&perPage=10&page=${Math.ceil(first.total / 10) + 1}`);
    expect(last.items).toEqual([]);
    const book = await search('search=book');
    expect(book.items.every((item) => item.title.startsWith('Book of'))).toBe(true);
    const gold = await search('search=gold&perPage=50');
    const starts = gold.items.map((item) => item.title.toLowerCase().startsWith('gold'));
    expect(starts.indexOf(false)).toBeGreaterThan(0);
    expect(starts.slice(starts.indexOf(false))).not.toContain(true);
  });

  it('treats LIKE wildcards as plain characters and answers nothing for no match', async () => {
    expect((await search('search=%25')).items).toEqual([]);
    expect((await search('search=_')).items).toEqual([]);
    expect((await search('search=zzzz')).items).toEqual([]);
  });

  it('refuses an empty or whitespace-only term and bad paging with 400', async () => {
    for (const query of ['search=', 'search=%20%20', '', 'search=a&page=0', 'search=a&perPage=51']) {
      expectErrorEnvelope(
        await t.app.inject({ method: 'GET', url: `/spa/games/search?${query}` }),
        400,
        'validation_failed',
      );
    }
  });
});

describe('POST /spa/games/{id}/favourite', () => {
  it('toggles the heart with 200 and lists the liked games under "favourites"', async () => {
    const player = await signedInPlayer(t);
    const dice = await gameBySlug(t, 'dice');
    const like = await t.app.inject({
      method: 'POST',
      url: `/spa/games/${dice.id}/favourite`,
      headers: player.headers,
    });
    expect(like.statusCode).toBe(200);
    expect(like.json()).toEqual({ isLiked: true });
    await t.app.inject({ method: 'POST', url: '/spa/games/plinko/favourite', headers: player.headers });

    const liked = await listGames('?categorySlug=favourites&withCategory=1', { cookie: player.headers.cookie });
    expect(liked.games.map((game) => game.slug)).toEqual(['plinko', 'dice']);
    expect(liked.games.every((game: Game) => game.isLiked)).toBe(true);
    expect(liked.category).toEqual({ slug: 'favourites', title: 'Favourites', kind: 'personal', description: '' });
    const german = await listGames('?categorySlug=favourites&withCategory=1', {
      cookie: player.headers.cookie,
      'x-locale': 'de',
    });
    expect(german.category?.title).toBe('Favoriten');

    const unlike = await t.app.inject({
      method: 'POST',
      url: `/spa/games/${dice.id}/favourite`,
      headers: player.headers,
    });
    expect(unlike.json()).toEqual({ isLiked: false });
    const after = await listGames('?categorySlug=favourites', { cookie: player.headers.cookie });
    expect(after.games.map((game) => game.slug)).toEqual(['plinko']);
    const other = await signedInPlayer(t);
    expect((await listGames('?categorySlug=favourites', { cookie: other.headers.cookie })).games).toEqual([]);
  });

  it('answers 401 to visitors, 404 for an unknown game and 403 to a foreign origin', async () => {
    expectErrorEnvelope(
      await t.app.inject({ method: 'POST', url: '/spa/games/dice/favourite', headers: { origin: SITE_ORIGIN } }),
      401,
      'unauthorized',
    );
    const player = await signedInPlayer(t);
    expectErrorEnvelope(
      await t.app.inject({ method: 'POST', url: '/spa/games/no-such-game/favourite', headers: player.headers }),
      404,
      'not_found',
    );
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/spa/games/dice/favourite',
        headers: { ...player.headers, origin: 'https://evil.example' },
      }),
      403,
      'origin_not_allowed',
    );
  });
});

describe('POST /spa/games/{id}/launch', () => {
  async function launch(
    slug: string,
    mode: 'real' | 'demo',
    headers: Record<string, string> = { origin: SITE_ORIGIN },
  ) {
    return t.app.inject({ method: 'POST', url: `/spa/games/${slug}/launch`, headers, payload: { mode } });
  }

  it('gives a signed-in player a one-time launch token and the iframe URL, and lists the game as recently played', async () => {
    const player = await signedInPlayer(t);
    const response = await launch('lucky-reels', 'real', { ...player.headers, 'x-locale': 'de' });
    expect(response.statusCode).toBe(201);
    const { launch: opened } = launchResponseSchema.parse(response.json());
    expect(opened.mode).toBe('real');
    expect(opened.url).toBe(`/originals-host/de#launch=${opened.token}`);
    expect(new Date(opened.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const recent = await listGames('?categorySlug=recently-played', { cookie: player.headers.cookie });
    expect(recent.games.map((game) => game.slug)).toEqual(['lucky-reels']);
  });

  it('opens demo mode for visitors on games that offer it, and refuses it elsewhere', async () => {
    const demo = await launch('plinko', 'demo');
    expect(demo.statusCode).toBe(201);
    expect(launchResponseSchema.parse(demo.json()).launch.mode).toBe('demo');
    const noDemo = await gameBySlug(t, 'book-of-dragon');
    expect(noDemo.demoModeEnabled).toBe(false);
    expectErrorEnvelope(await launch('book-of-dragon', 'demo'), 400, 'demo_unavailable');
  });

  it('sends visitors to sign in for real money and keeps locked games locked until a deposit', async () => {
    expectErrorEnvelope(await launch('dice', 'real'), 401, 'unauthorized');
    const [lockedGame] = (await listGames('?limit=60&sort=3')).games.filter((game) => game.isLocked);
    const player = await signedInPlayer(t);
    expectErrorEnvelope(await launch(lockedGame!.slug, 'real', player.headers), 403, 'game_locked');
    await recordSucceededDeposit(t.db, player.id);
    expect((await launch(lockedGame!.slug, 'real', player.headers)).statusCode).toBe(201);
  });

  it('answers 404 for an unknown game and 400 for an unknown mode', async () => {
    expectErrorEnvelope(await launch('no-such-game', 'demo'), 404, 'not_found');
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/games/dice/launch',
      headers: { origin: SITE_ORIGIN },
      payload: { mode: 'free' },
    });
    expectErrorEnvelope(response, 400, 'validation_failed');
  });
});
