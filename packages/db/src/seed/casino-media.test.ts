import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { WEB_PUBLIC_DIR } from './assets/media-paths';
import {
  casinoMediaFiles,
  casinoMediaPaths,
  demoGames,
  DEMO_PROVIDERS,
  GAME_ART_RENDITIONS,
} from './content/casino-catalogue';

describe('the demo casino artwork in apps/web/public/media', () => {
  const games = demoGames();

  it('has every rendition of every game in PNG and WebP at its size', async () => {
    for (const game of games) {
      for (const rendition of GAME_ART_RENDITIONS) {
        for (const format of ['png', 'webp'] as const) {
          const file = path.join(WEB_PUBLIC_DIR, casinoMediaPaths.game(game.slug, rendition, format));
          const meta = await sharp(readFileSync(file)).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual([format, rendition.width, rendition.height]);
        }
      }
    }
  }, 120_000);

  it('has an SVG logo for each provider that has one', () => {
    for (const provider of DEMO_PROVIDERS.filter((item) => item.hasLogo)) {
      const svg = readFileSync(path.join(WEB_PUBLIC_DIR, casinoMediaPaths.providerLogo(provider.slug)), 'utf8');
      expect(svg).toContain(provider.title);
    }
  });

  it('stays small enough to commit (under 4 MB in all)', () => {
    const total = casinoMediaFiles().reduce((sum, file) => sum + statSync(path.join(WEB_PUBLIC_DIR, file)).size, 0);
    expect(total).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('the demo casino catalogue', () => {
  const games = demoGames();

  it('has at least 140 games with unique slugs, from all 8 providers', () => {
    expect(games.length).toBeGreaterThanOrEqual(140);
    expect(new Set(games.map((game) => game.slug)).size).toBe(games.length);
    expect(new Set(games.map((game) => game.provider))).toEqual(
      new Set(DEMO_PROVIDERS.map((provider) => provider.slug)),
    );
  });

  it('fills the casino categories (sports opens the sportsbook), with locked and demo games among them', () => {
    const categories = new Set(games.flatMap((game) => game.categories));
    expect([...categories].sort()).toEqual(
      ['jackpots', 'new', 'originals', 'shared-tables', 'slots', 'table-games', 'top'].sort(),
    );
    expect(games.some((game) => game.requiresDeposit)).toBe(true);
    expect(games.some((game) => game.demoModeEnabled)).toBe(true);
    expect(games.some((game) => !game.demoModeEnabled)).toBe(true);
  });

  it('has the Originals category head game "dice" among the in-house games', () => {
    expect(games.filter((game) => game.kind === 'originals').map((game) => game.slug)).toEqual([
      'lucky-reels',
      'dice',
      'plinko',
    ]);
  });
});
