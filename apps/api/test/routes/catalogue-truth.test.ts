import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { demoArticles } from '@playhouse/db/seed/content/articles';
import { demoPageMetadata } from '@playhouse/db/seed/content/page-metadata';
import { demoSlides } from '@playhouse/db/seed/content/slides';
import {
  catalogueFigures,
  isSlotConfig,
  isTableGame,
  SLOT_CONFIGS,
  SLOT_CONFIG_MAX_MULTIPLIER,
  TABLE_GAMES,
  TABLE_MAX_MULTIPLIER,
  type CatalogueEngine,
} from '@playhouse/games';
import { gameResponseSchema, TABLE_GAME_IDS } from '@playhouse/shared';
import { buildCasinoApp, type CasinoTestApp } from '../helpers/games-fixtures';

/*
 * The catalogue tells the truth: every seeded entry runs the engine and configuration its name says, sits in
 * categories that fit it, states the return its engine computes, and nothing on the site claims a dealer, a studio, a
 * stream or a live casino that does not exist.
 */

let t: CasinoTestApp;
beforeAll(async () => {
  t = await buildCasinoApp();
});
afterAll(async () => {
  await t.close();
});

/** What an English title says the game is: its engine and configuration. */
const TITLE_RULES: { pattern: RegExp; engine: CatalogueEngine; configs: (string | null)[] }[] = [
  { pattern: /^Multihand Blackjack$/, engine: 'table', configs: ['blackjack-multihand'] },
  { pattern: /Blackjack/, engine: 'table', configs: ['blackjack'] },
  { pattern: /^European Roulette$/, engine: 'table', configs: ['roulette-european'] },
  { pattern: /^French Roulette$/, engine: 'table', configs: ['roulette-french'] },
  { pattern: /^American Roulette$/, engine: 'table', configs: ['roulette-american'] },
  { pattern: /^Roulette Table/, engine: 'shared-table', configs: ['roulette-european'] },
  { pattern: /^Baccarat Table/, engine: 'shared-table', configs: ['baccarat'] },
  { pattern: /^Baccarat$/, engine: 'table', configs: ['baccarat'] },
  { pattern: /^Three Card Poker$/, engine: 'table', configs: ['three-card-poker'] },
  { pattern: /^Casino Hold'em$/, engine: 'table', configs: ['casino-holdem'] },
  { pattern: /^Jacks or Better$/, engine: 'table', configs: ['video-poker-jacks-or-better'] },
  { pattern: /^Sic Bo$/, engine: 'table', configs: ['sic-bo'] },
  { pattern: /^Craps$/, engine: 'table', configs: ['craps'] },
  { pattern: /^Red Dog$/, engine: 'table', configs: ['red-dog'] },
  { pattern: /^Dice$/, engine: 'dice', configs: [null] },
  { pattern: /^Plinko$/, engine: 'plinko', configs: [null] },
  { pattern: /^Lucky Reels$/, engine: 'slot', configs: ['lucky-reels'] },
  { pattern: /^Book of /, engine: 'slot', configs: ['book'] },
  { pattern: / Fortune$/, engine: 'slot', configs: ['lucky-reels'] },
  { pattern: / Riches$/, engine: 'slot', configs: ['riches-20'] },
  { pattern: / 1024 Ways$/, engine: 'slot', configs: ['ways-1024'] },
  { pattern: / Bonanza$/, engine: 'slot', configs: ['ways-4096'] },
  { pattern: /^Wild /, engine: 'slot', configs: ['wild-25'] },
  { pattern: / (Spins|Quest)$/, engine: 'slot', configs: ['ways-243'] },
];

/** Words that claim what does not exist here: a dealer, a studio, a video stream, a live casino, a virtual sport. */
const FALSE_CLAIMS =
  /dealer|croupier|crupier|дилер|stream|studio|estúdio|estudio|студи|трансляц|retransmit|transmitid|\bHD\b|Megaways|live|en vivo|ao vivo|вживую|живое|живые|virtual|виртуал/i;
/** In the site's own texts "live" also names the live chat, which is real: only casino claims are refused there. */
const FALSE_CONTENT_CLAIMS =
  /dealer|croupier|crupier|дилер|stream|трансляц|retransmit|transmitid|\bHD\b|Megaways|live casino|live-casino|live tables|live-tische|casino en vivo|mesas en vivo|casino ao vivo|mesas ao vivo|живое казино|живые столы|progressive jackpot|botes progresivos|jackpots progressivos|progressiven jackpots|прогрессивн[а-яё]* джекпот/i;

/** The categories a game may sit in, by its engine (top and new take anything). */
function categoriesFor(engine: string, kind: string, config: string | null): Set<string> {
  const anywhere = ['top', 'new'];
  if (kind === 'originals') return new Set([...anywhere, 'originals']);
  if (engine === 'slot') {
    const high = isSlotConfig(config) && SLOT_CONFIGS[config].volatility === 'high';
    return new Set([...anywhere, 'slots', ...(high ? ['jackpots'] : [])]);
  }
  if (engine === 'table') return new Set([...anywhere, 'table-games']);
  if (engine === 'shared-table') return new Set([...anywhere, 'shared-tables']);
  return new Set(anywhere);
}

const KIND_OF_ENGINE: Record<string, string[]> = {
  slot: ['slot', 'originals'],
  dice: ['originals'],
  plinko: ['originals'],
  table: ['table'],
  'shared-table': ['live'],
};

describe('the catalogue tells the truth', () => {
  it('names the same table games in the api contracts as the engines play', () => {
    expect([...TABLE_GAME_IDS]).toEqual([...TABLE_GAMES]);
  });

  it("runs every title on the engine and configuration its name says, in categories that fit, at its engine's RTP", async () => {
    const games = await t.db.select().from(schema.games);
    const memberships = await t.db
      .select({ gameId: schema.categoryGames.gameId, slug: schema.navCategories.slug })
      .from(schema.categoryGames)
      .innerJoin(schema.navCategories, eq(schema.navCategories.id, schema.categoryGames.categoryId));
    expect(games.length).toBeGreaterThanOrEqual(140);
    const unnamed: string[] = [];
    for (const game of games) {
      const where = `${game.slug} (${game.title.en})`;
      const figures = catalogueFigures(game.engine, game.engineConfig);
      expect(figures, where).not.toBeNull();
      expect(game.rtp, where).toBe(figures!.rtpBp);
      const largest =
        game.engine === 'slot' && isSlotConfig(game.engineConfig)
          ? SLOT_CONFIG_MAX_MULTIPLIER[game.engineConfig]
          : isTableGame(game.engineConfig)
            ? TABLE_MAX_MULTIPLIER[game.engineConfig]
            : 0;
      expect(game.maxWinMultiplier, where).toBeGreaterThanOrEqual(largest);
      expect(KIND_OF_ENGINE[game.engine], where).toContain(game.kind);

      const rule = TITLE_RULES.find((candidate) => candidate.pattern.test(game.title.en ?? ''));
      if (rule) {
        expect({ engine: game.engine, config: game.engineConfig }, where).toEqual({
          engine: rule.engine,
          config: expect.toBeOneOf(rule.configs),
        });
      } else {
        // A title without a telling form (the accented ones) is a slot: any configuration is honest for it.
        unnamed.push(game.title.en ?? game.slug);
        expect(game.engine, where).toBe('slot');
      }
      for (const [locale, title] of Object.entries(game.title)) {
        expect(title, `${where} in ${locale}`).not.toMatch(FALSE_CLAIMS);
      }
      const allowed = categoriesFor(game.engine, game.kind, game.engineConfig);
      for (const membership of memberships.filter((row) => row.gameId === game.id)) {
        expect(allowed.has(membership.slug), `${where} in ${membership.slug}`).toBe(true);
      }
    }
    expect(unnamed.length).toBeLessThanOrEqual(8);
  });

  it('states on every game page the RTP, engine and configuration that run it', async () => {
    const games = await t.db.select().from(schema.games);
    for (const game of games) {
      const response = await t.app.inject({ url: `/spa/games/${game.slug}`, headers: { 'x-locale': 'en' } });
      const { game: detail } = gameResponseSchema.parse(response.json());
      expect(detail, game.slug).toMatchObject({
        engine: game.engine,
        config: game.engineConfig,
        rtp: (catalogueFigures(game.engine, game.engineConfig)!.rtpBp / 100).toFixed(2),
      });
    }
  });

  it('names no dealer, studio, stream or live casino in categories, slides, articles or page texts, in any locale', async () => {
    const categories = await t.db.select().from(schema.navCategories);
    const texts: { where: string; text: Partial<Record<string, string>> | undefined }[] = [
      ...categories.flatMap((category) => [
        { where: `category ${category.slug}`, text: category.title },
        { where: `category ${category.slug} description`, text: category.description },
      ]),
      ...demoSlides().flatMap((slide) => [
        { where: `slide ${slide.slug}`, text: slide.body },
        { where: `slide ${slide.slug} button`, text: slide.buttonText },
      ]),
      ...demoArticles().flatMap((article) => [
        { where: `article ${article.slug}`, text: article.title },
        { where: `article ${article.slug} content`, text: article.content },
      ]),
      ...demoPageMetadata().flatMap((page) => [
        { where: `page ${page.routePath} title`, text: page.title },
        { where: `page ${page.routePath} description`, text: page.description },
        { where: `page ${page.routePath} keywords`, text: page.keywords },
      ]),
    ];
    for (const { where, text } of texts) {
      for (const [locale, value] of Object.entries(text ?? {})) {
        expect(value ?? '', `${where} in ${locale}`).not.toMatch(FALSE_CONTENT_CLAIMS);
      }
    }
    for (const category of categories) {
      expect(category.title.en ?? '', category.slug).not.toMatch(FALSE_CLAIMS);
    }
  });
});
