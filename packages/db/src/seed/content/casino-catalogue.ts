import {
  catalogueFigures,
  SHARED_TABLE_ROUND_SECONDS,
  SLOT_CONFIGS,
  type SharedTableGame,
  type SlotConfigId,
  type TableGame,
} from '@playhouse/games';
import type { GameEngine, GameKind } from '../../schema/casino';
import type { LocalizedText } from '../../schema/content';

/*
 * The demo casino: eight providers and a catalogue of about 140 games. Everything is derived
 * deterministically (no randomness at seed time), so the artwork generator and the seed always agree on the list.
 */

export interface DemoProvider {
  slug: string;
  title: string;
  /** False: the picker shows the title only, marked as having no logo. */
  hasLogo: boolean;
}

export const DEMO_PROVIDERS: DemoProvider[] = [
  { slug: 'originals', title: 'Playhouse Originals', hasLogo: true },
  { slug: 'netstar', title: 'NetStar Gaming', hasLogo: true },
  { slug: 'red-fox', title: 'Red Fox Studios', hasLogo: true },
  { slug: 'blue-wave', title: 'Blue Wave Play', hasLogo: true },
  { slug: 'gold-coast', title: 'Gold Coast Games', hasLogo: true },
  { slug: 'pixel-forge', title: 'Pixel Forge', hasLogo: true },
  { slug: 'lucky-lynx', title: 'Lucky Lynx', hasLogo: false },
  { slug: 'northlight', title: 'Northlight Tables', hasLogo: false },
];

/** Logo size in the picker (SPEC.md §2: a logo is shown when dimensions are given). */
export const PROVIDER_LOGO = { width: 160, height: 48 } as const;

export interface DemoGame {
  slug: string;
  title: LocalizedText;
  provider: string;
  kind: GameKind;
  engine: GameEngine;
  /** The engine's configuration this title plays (packages/games): a slot configuration, a table game, or null. */
  config: string | null;
  demoModeEnabled: boolean;
  requiresDeposit: boolean;
  popularity: number;
  /** Days before the seed date the game was released. */
  releasedDaysAgo: number;
  /** Navigation category slugs (besides the generated "top" and "new"). */
  categories: string[];
  /** Palette index of the artwork. */
  art: number;
}

/**
 * What a title states and the wallet enforces, from the engine and configuration that run it (packages/games
 * `catalogueFigures`): its return to player in basis points and its win cap, the engine's largest possible multiple
 * of a round's stakes, rounded up.
 */
export function gameFigures(game: Pick<DemoGame, 'slug' | 'engine' | 'config'>) {
  const figures = catalogueFigures(game.engine, game.config);
  if (!figures) throw new Error(`${game.slug}: engine ${game.engine} has no configuration "${game.config}"`);
  return figures;
}

const SLOT_PROVIDERS = ['netstar', 'red-fox', 'blue-wave', 'gold-coast', 'pixel-forge', 'lucky-lynx'];
const TABLE_PROVIDERS = ['gold-coast', 'pixel-forge', 'northlight'];

const SLOT_THEMES = [
  'Gold',
  'Pharaoh',
  'Dragon',
  'Viking',
  'Aztec',
  'Jungle',
  'Ocean',
  'Galaxy',
  'Fruit',
  'Diamond',
  'Thunder',
  'Samurai',
  'Mermaid',
  'Wolf',
  'Phoenix',
  'Lucky',
];
/**
 * Each title's form names the slot configuration it plays (packages/games/src/slots/configs.ts): "Book of …" is the
 * book slot, "… Fortune" the ten-line Lucky Reels, "… Riches" twenty lines, "Wild …" twenty-five, "… Spins" and
 * "… Quest" 243 ways, "… 1024 Ways" 1,024 ways on four rows, "… Bonanza" 4,096 ways on six reels.
 */
const SLOT_FORMS: { form: string; config: SlotConfigId }[] = [
  { form: 'Book of {t}', config: 'book' },
  { form: '{t} Fortune', config: 'lucky-reels' },
  { form: '{t} Riches', config: 'riches-20' },
  { form: '{t} 1024 Ways', config: 'ways-1024' },
  { form: '{t} Bonanza', config: 'ways-4096' },
  { form: 'Wild {t}', config: 'wild-25' },
  { form: '{t} Spins', config: 'ways-243' },
  { form: '{t} Quest', config: 'ways-243' },
];

/**
 * Slots whose titles carry accents, so search can be tried on them; spread over the configurations (those named by a
 * form play that form's configuration, the three-reel fruit machine gets three of its own).
 */
const ACCENTED_SLOTS: { title: LocalizedText; config: SlotConfigId }[] = [
  { title: { en: 'Día de Muertos' }, config: 'wild-25' },
  { title: { en: 'Señorita Fortune' }, config: 'lucky-reels' },
  { title: { en: 'Café Royale' }, config: 'fruit-classic' },
  { title: { en: 'Crème Brûlée Bonanza' }, config: 'ways-4096' },
  { title: { en: 'Ñandú Rush' }, config: 'ways-243' },
  { title: { en: 'Göteborg Gold' }, config: 'riches-20' },
  { title: { en: 'Zürich Vault' }, config: 'fruit-classic' },
  { title: { en: 'São João Festa' }, config: 'fruit-classic' },
];

/** Table games keep their usual names in each language; each runs the table engine its name says. */
const TABLE_GAMES: { key: string; title: LocalizedText; config: TableGame }[] = [
  {
    key: 'european-roulette',
    config: 'roulette-european',
    title: {
      en: 'European Roulette',
      de: 'Europäisches Roulette',
      es: 'Ruleta europea',
      pt: 'Roleta europeia',
      ru: 'Европейская рулетка',
    },
  },
  {
    key: 'french-roulette',
    config: 'roulette-french',
    title: {
      en: 'French Roulette',
      de: 'Französisches Roulette',
      es: 'Ruleta francesa',
      pt: 'Roleta francesa',
      ru: 'Французская рулетка',
    },
  },
  {
    key: 'american-roulette',
    config: 'roulette-american',
    title: {
      en: 'American Roulette',
      de: 'Amerikanisches Roulette',
      es: 'Ruleta americana',
      pt: 'Roleta americana',
      ru: 'Американская рулетка',
    },
  },
  {
    key: 'blackjack-classic',
    config: 'blackjack',
    title: {
      en: 'Blackjack Classic',
      de: 'Blackjack Klassik',
      es: 'Blackjack clásico',
      pt: 'Blackjack clássico',
      ru: 'Классический блэкджек',
    },
  },
  {
    key: 'blackjack-multihand',
    config: 'blackjack-multihand',
    title: {
      en: 'Multihand Blackjack',
      de: 'Mehrhand-Blackjack',
      es: 'Blackjack multimano',
      pt: 'Blackjack multimão',
      ru: 'Блэкджек на несколько рук',
    },
  },
  {
    key: 'baccarat',
    config: 'baccarat',
    title: { en: 'Baccarat', de: 'Baccara', es: 'Bacará', pt: 'Bacará', ru: 'Баккара' },
  },
  {
    key: 'casino-holdem',
    config: 'casino-holdem',
    title: {
      en: "Casino Hold'em",
      de: "Casino Hold'em",
      es: "Casino Hold'em",
      pt: "Casino Hold'em",
      ru: 'Казино Холдем',
    },
  },
  {
    key: 'three-card-poker',
    config: 'three-card-poker',
    title: {
      en: 'Three Card Poker',
      de: 'Drei-Karten-Poker',
      es: 'Póquer de tres cartas',
      pt: 'Póquer de três cartas',
      ru: 'Трёхкарточный покер',
    },
  },
  {
    key: 'sic-bo',
    config: 'sic-bo',
    title: { en: 'Sic Bo', de: 'Sic Bo', es: 'Sic Bo', pt: 'Sic Bo', ru: 'Сик Бо' },
  },
  {
    key: 'craps',
    config: 'craps',
    title: { en: 'Craps', de: 'Craps', es: 'Dados Craps', pt: 'Craps', ru: 'Крэпс' },
  },
  {
    key: 'jacks-or-better',
    config: 'video-poker-jacks-or-better',
    title: {
      en: 'Jacks or Better',
      de: 'Jacks or Better',
      es: 'Jacks or Better',
      pt: 'Jacks or Better',
      ru: 'Валеты или лучше',
    },
  },
  {
    key: 'red-dog',
    config: 'red-dog',
    title: { en: 'Red Dog', de: 'Red Dog', es: 'Red Dog', pt: 'Red Dog', ru: 'Ред Дог' },
  },
];

/**
 * The shared tables: a round for everyone seated on a fixed clock, named for what they are (no dealer, no studio, no
 * video: the result comes from the round's seed, published after it).
 */
const SHARED_TABLES: { key: string; config: SharedTableGame; title: (seconds: number) => LocalizedText }[] = [
  {
    key: 'roulette-table',
    config: 'roulette-european',
    title: (seconds) => ({
      en: `Roulette Table — every ${seconds} s`,
      de: `Roulette-Tisch — alle ${seconds} s`,
      es: `Mesa de ruleta — cada ${seconds} s`,
      pt: `Mesa de roleta — a cada ${seconds} s`,
      ru: `Стол рулетки — каждые ${seconds} с`,
    }),
  },
  {
    key: 'baccarat-table',
    config: 'baccarat',
    title: (seconds) => ({
      en: `Baccarat Table — every ${seconds} s`,
      de: `Baccara-Tisch — alle ${seconds} s`,
      es: `Mesa de bacará — cada ${seconds} s`,
      pt: `Mesa de bacará — a cada ${seconds} s`,
      ru: `Стол баккара — каждые ${seconds} с`,
    }),
  },
];

/** The three in-house games; "dice" is the Originals category's head game (content/categories.ts). */
const ORIGINALS: { slug: string; title: LocalizedText; engine: GameEngine; config: SlotConfigId | null }[] = [
  {
    slug: 'lucky-reels',
    title: {
      en: 'Lucky Reels',
      de: 'Glückswalzen',
      es: 'Rodillos de la suerte',
      pt: 'Rolos da sorte',
      ru: 'Счастливые барабаны',
    },
    engine: 'slot',
    config: 'lucky-reels',
  },
  {
    slug: 'dice',
    title: { en: 'Dice', de: 'Würfel', es: 'Dados', pt: 'Dados', ru: 'Кости' },
    engine: 'dice',
    config: null,
  },
  {
    slug: 'plinko',
    title: { en: 'Plinko', de: 'Plinko', es: 'Plinko', pt: 'Plinko', ru: 'Плинко' },
    engine: 'plinko',
    config: null,
  },
];

/** A fixed pseudo-random sequence (an LCG) so "random" attributes are the same on every seed. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** How many games the "top" and "new" categories show. */
const HIGHLIGHTS = 24;

export function demoGames(): DemoGame[] {
  const random = sequence(20_250_401);
  const games: DemoGame[] = [];
  const add = (game: Omit<DemoGame, 'popularity' | 'releasedDaysAgo' | 'art'>) => {
    games.push({
      ...game,
      popularity: Math.floor(random() * 10_000),
      releasedDaysAgo: 1 + Math.floor(random() * 365),
      art: games.length,
    });
  };

  for (const original of ORIGINALS) {
    add({
      slug: original.slug,
      title: original.title,
      provider: 'originals',
      kind: 'originals',
      engine: original.engine,
      config: original.config,
      demoModeEnabled: true,
      requiresDeposit: false,
      categories: ['originals'],
    });
  }

  const slots: { title: LocalizedText; config: SlotConfigId }[] = [];
  for (let index = 0; slots.length < 117; index += 1) {
    const theme = SLOT_THEMES[index % SLOT_THEMES.length]!;
    const { form, config } = SLOT_FORMS[Math.floor(index / SLOT_THEMES.length) % SLOT_FORMS.length]!;
    slots.push({ title: { en: form.replace('{t}', theme) }, config });
  }
  slots.push(...ACCENTED_SLOTS);
  slots.forEach(({ title, config }, index) => {
    // The high-volatility configurations, whose top wins are the biggest, make the "big wins" category.
    const bigWins = SLOT_CONFIGS[config].volatility === 'high';
    add({
      slug: slugify(title.en!),
      title,
      provider: SLOT_PROVIDERS[index % SLOT_PROVIDERS.length]!,
      kind: 'slot',
      engine: 'slot',
      config,
      demoModeEnabled: index % 3 !== 2,
      requiresDeposit: index % 7 === 3 || index % 11 === 5,
      categories: bigWins ? ['slots', 'jackpots'] : ['slots'],
    });
  });

  TABLE_GAMES.forEach((game, index) => {
    add({
      slug: game.key,
      title: game.title,
      provider: TABLE_PROVIDERS[index % TABLE_PROVIDERS.length]!,
      kind: 'table',
      engine: 'table',
      config: game.config,
      demoModeEnabled: true,
      requiresDeposit: index % 5 === 4,
      categories: ['table-games'],
    });
  });

  SHARED_TABLES.forEach((table) => {
    add({
      slug: table.key,
      title: table.title(SHARED_TABLE_ROUND_SECONDS),
      provider: 'northlight',
      kind: 'live',
      engine: 'shared-table',
      config: table.config,
      demoModeEnabled: true,
      requiresDeposit: false,
      categories: ['shared-tables'],
    });
  });

  const byPopularity = [...games].sort((a, b) => b.popularity - a.popularity || a.slug.localeCompare(b.slug));
  const byRelease = [...games].sort((a, b) => a.releasedDaysAgo - b.releasedDaysAgo || a.slug.localeCompare(b.slug));
  for (const game of byPopularity.slice(0, HIGHLIGHTS)) game.categories.unshift('top');
  for (const game of byRelease.slice(0, HIGHLIGHTS)) game.categories.unshift('new');
  return games;
}

/** Artwork renditions of every game (SPEC.md §9: the default filter is 600_400_out at 3x2). */
export interface ArtRendition {
  sizeFilter: string;
  aspectRatio: string;
  breakpoint: number;
  width: number;
  height: number;
}

export const GAME_ART_RENDITIONS: ArtRendition[] = [
  { sizeFilter: '600_400_out', aspectRatio: '3x2', breakpoint: 0, width: 300, height: 200 },
  { sizeFilter: '600_400_out', aspectRatio: '3x2', breakpoint: 768, width: 600, height: 400 },
  { sizeFilter: '400_400_out', aspectRatio: '1x1', breakpoint: 0, width: 200, height: 200 },
];

export const casinoMediaPaths = {
  game: (slug: string, rendition: Pick<ArtRendition, 'width' | 'height'>, format: 'png' | 'webp') =>
    `/media/games/${slug}-${rendition.width}x${rendition.height}.${format}`,
  providerLogo: (slug: string) => `/media/providers/${slug}.svg`,
} as const;

/** Every file generate-casino-media.ts writes, by public path. */
export function casinoMediaFiles(): string[] {
  const logos = DEMO_PROVIDERS.filter((provider) => provider.hasLogo).map((provider) =>
    casinoMediaPaths.providerLogo(provider.slug),
  );
  const art = demoGames().flatMap((game) =>
    GAME_ART_RENDITIONS.flatMap((rendition) =>
      (['png', 'webp'] as const).map((format) => casinoMediaPaths.game(game.slug, rendition, format)),
    ),
  );
  return [...logos, ...art];
}
