import type { GameEngine, GameKind } from '../../schema/casino';
import type { LocalizedText } from '../../schema/content';

/*
 * The demo casino: eight providers and a catalogue of a little over 150 games. Everything is derived
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
  { slug: 'northlight', title: 'Northlight Live', hasLogo: false },
];

/** Logo size in the picker (SPEC.md §2: a logo is shown when dimensions are given). */
export const PROVIDER_LOGO = { width: 160, height: 48 } as const;

export interface DemoGame {
  slug: string;
  title: LocalizedText;
  provider: string;
  kind: GameKind;
  engine: GameEngine;
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

/** Return to player of each in-house engine, in basis points: what the game really pays (packages/games). */
export const ENGINE_RTP: Record<GameEngine, number> = { slot: 9608, dice: 9900, plinko: 9898 };

/**
 * The win cap of each game, as a multiple of a round's stakes: its engine's largest possible multiplier (packages/games
 * ENGINE_MAX_MULTIPLIER: slot 1000, dice 49.5, plinko 16), rounded up to a whole multiple.
 */
export const ENGINE_MAX_WIN_MULTIPLIER: Record<GameEngine, number> = { slot: 1000, dice: 50, plinko: 16 };

const SLOT_PROVIDERS = ['netstar', 'red-fox', 'blue-wave', 'gold-coast', 'pixel-forge', 'lucky-lynx'];

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
const SLOT_FORMS = [
  'Book of {t}',
  '{t} Fortune',
  '{t} Riches',
  '{t} Megaways',
  '{t} Bonanza',
  'Wild {t}',
  '{t} Spins',
  '{t} Quest',
];

/** Slots whose titles carry accents, so search can be tried on them. */
const ACCENTED_SLOTS: LocalizedText[] = [
  { en: 'Día de Muertos' },
  { en: 'Señorita Fortune' },
  { en: 'Café Royale' },
  { en: 'Crème Brûlée Bonanza' },
  { en: 'Ñandú Rush' },
  { en: 'Göteborg Gold' },
  { en: 'Zürich Vault' },
  { en: 'São João Festa' },
];

/** Table and live games keep their usual names in each language. */
const TABLE_GAMES: { key: string; title: LocalizedText }[] = [
  {
    key: 'european-roulette',
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
    title: { en: 'Baccarat', de: 'Baccara', es: 'Bacará', pt: 'Bacará', ru: 'Баккара' },
  },
  {
    key: 'punto-banco',
    title: { en: 'Punto Banco', de: 'Punto Banco', es: 'Punto Banco', pt: 'Punto Banco', ru: 'Пунто Банко' },
  },
  {
    key: 'casino-holdem',
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
    title: { en: 'Sic Bo', de: 'Sic Bo', es: 'Sic Bo', pt: 'Sic Bo', ru: 'Сик Бо' },
  },
  {
    key: 'craps',
    title: { en: 'Craps', de: 'Craps', es: 'Dados Craps', pt: 'Craps', ru: 'Крэпс' },
  },
  {
    key: 'red-dog',
    title: { en: 'Red Dog', de: 'Red Dog', es: 'Red Dog', pt: 'Red Dog', ru: 'Ред Дог' },
  },
];

const LIVE_PREFIX: LocalizedText = { en: 'Live', de: 'Live', es: 'En vivo:', pt: 'Ao vivo:', ru: 'Live' };

const VIRTUAL_SPORTS: { key: string; title: LocalizedText }[] = [
  {
    key: 'virtual-football',
    title: {
      en: 'Virtual Football League',
      de: 'Virtuelle Fußballliga',
      es: 'Liga de fútbol virtual',
      pt: 'Liga de futebol virtual',
      ru: 'Виртуальная футбольная лига',
    },
  },
  {
    key: 'virtual-horse-racing',
    title: {
      en: 'Virtual Horse Racing',
      de: 'Virtuelles Pferderennen',
      es: 'Carreras de caballos virtuales',
      pt: 'Corridas de cavalos virtuais',
      ru: 'Виртуальные скачки',
    },
  },
  {
    key: 'virtual-tennis',
    title: {
      en: 'Virtual Tennis Open',
      de: 'Virtuelles Tennisturnier',
      es: 'Torneo de tenis virtual',
      pt: 'Torneio de ténis virtual',
      ru: 'Виртуальный теннисный турнир',
    },
  },
  {
    key: 'virtual-greyhounds',
    title: {
      en: 'Virtual Greyhounds',
      de: 'Virtuelles Windhundrennen',
      es: 'Galgos virtuales',
      pt: 'Galgos virtuais',
      ru: 'Виртуальные собачьи бега',
    },
  },
];

/** The three in-house games; "dice" is the Originals category's head game (content/categories.ts). */
const ORIGINALS: { slug: string; title: LocalizedText; engine: GameEngine }[] = [
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
  },
  {
    slug: 'dice',
    title: { en: 'Dice', de: 'Würfel', es: 'Dados', pt: 'Dados', ru: 'Кости' },
    engine: 'dice',
  },
  {
    slug: 'plinko',
    title: { en: 'Plinko', de: 'Plinko', es: 'Plinko', pt: 'Plinko', ru: 'Плинко' },
    engine: 'plinko',
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
      demoModeEnabled: true,
      requiresDeposit: false,
      categories: ['originals'],
    });
  }

  const slotTitles: LocalizedText[] = [];
  for (let index = 0; slotTitles.length < 117; index += 1) {
    const theme = SLOT_THEMES[index % SLOT_THEMES.length]!;
    const form = SLOT_FORMS[Math.floor(index / SLOT_THEMES.length) % SLOT_FORMS.length]!;
    slotTitles.push({ en: form.replace('{t}', theme) });
  }
  slotTitles.push(...ACCENTED_SLOTS);
  slotTitles.forEach((title, index) => {
    const jackpot = index % 7 === 3;
    add({
      slug: slugify(title.en!),
      title,
      provider: SLOT_PROVIDERS[index % SLOT_PROVIDERS.length]!,
      kind: 'slot',
      engine: 'slot',
      demoModeEnabled: index % 3 !== 2,
      requiresDeposit: jackpot || index % 11 === 5,
      categories: jackpot ? ['slots', 'jackpots'] : ['slots'],
    });
  });

  TABLE_GAMES.forEach((game, index) => {
    add({
      slug: game.key,
      title: game.title,
      provider: index % 2 === 0 ? 'gold-coast' : 'pixel-forge',
      kind: 'table',
      engine: index % 3 === 2 ? 'plinko' : 'dice',
      demoModeEnabled: true,
      requiresDeposit: index % 5 === 4,
      categories: ['table-games'],
    });
  });

  TABLE_GAMES.slice(0, 10).forEach((game, index) => {
    const title: LocalizedText = {};
    for (const [locale, text] of Object.entries(game.title)) title[locale] = `${LIVE_PREFIX[locale]} ${text}`;
    add({
      slug: `live-${game.key}`,
      title,
      provider: 'northlight',
      kind: 'live',
      engine: 'dice',
      demoModeEnabled: false,
      requiresDeposit: index % 4 === 1,
      categories: ['live-casino'],
    });
  });

  VIRTUAL_SPORTS.forEach((game) => {
    add({
      slug: game.key,
      title: game.title,
      provider: 'blue-wave',
      kind: 'table',
      engine: 'plinko',
      demoModeEnabled: true,
      requiresDeposit: false,
      categories: ['sports'],
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
