import { describe, expect, it } from 'vitest';
import { gamesResponseSchema, type Game, type GamesResponse } from '@playhouse/shared';
import { playerPageBytes, playerPageParts } from './player-page';

const game = (id: number, title: string, isLocked: boolean): Game => ({
  id,
  slug: `game-${id}`,
  title,
  images: [
    {
      imagePath: `/media/games/${id}-300x200.png`,
      imagePathWebp: `/media/games/${id}-300x200.webp`,
      width: 300,
      height: 200,
      breakpoint: 0,
    },
  ],
  isLiked: false,
  isLocked,
  demoModeEnabled: id % 2 === 0,
  provider: { slug: 'red-fox', title: 'Red Fox Studios' },
});

// As the shared page is kept: parsed by the route's schema (its key order), titles with quotes, escapes and UTF-8.
const page: GamesResponse = gamesResponseSchema.parse({
  games: [
    game(113, 'Crème Brûlée Bonanza', false),
    game(14, 'Book of "Thunder" \\ isLiked:false', true),
    game(5, 'Glück… ’77’ €', true),
  ],
  category: { slug: 'slots', title: 'Slots', kind: 'category', description: 'Reels, "lines" and ways.' },
});

/** The page as one player sees it, serialized the ordinary way. */
const seenBy = (liked: ReadonlySet<number>, unlocked: boolean) =>
  Buffer.from(
    JSON.stringify({
      ...page,
      games: page.games.map((entry) => ({
        ...entry,
        isLiked: liked.has(entry.id),
        isLocked: entry.isLocked && !unlocked,
      })),
    }),
  );

const bytesFor = (liked: ReadonlySet<number>, unlocked: boolean) =>
  playerPageBytes(playerPageParts(page), ({ key, gameId, index }) =>
    key === 'isLiked' ? liked.has(gameId) : page.games[index]!.isLocked && !unlocked,
  );

describe('playerPageParts / playerPageBytes', () => {
  it("gives the visitors' exact bytes for the visitors' values", () => {
    expect(bytesFor(new Set(), false).equals(Buffer.from(JSON.stringify(page)))).toBe(true);
  });

  it("gives each game its own player's values, byte for byte as JSON.stringify would", () => {
    for (const liked of [new Set([113]), new Set([14, 5]), new Set([113, 14, 5]), new Set([999])]) {
      for (const unlocked of [false, true]) {
        const bytes = bytesFor(liked, unlocked);
        expect(bytes.toString()).toBe(seenBy(liked, unlocked).toString());
        expect(gamesResponseSchema.parse(JSON.parse(bytes.toString()))).toEqual(
          JSON.parse(seenBy(liked, unlocked).toString()),
        );
      }
    }
  });

  it('cuts one gap per personal value, in page order, and none elsewhere', () => {
    const parts = playerPageParts(page);
    expect(parts.gaps).toEqual([
      { index: 0, gameId: 113, key: 'isLiked' },
      { index: 0, gameId: 113, key: 'isLocked' },
      { index: 1, gameId: 14, key: 'isLiked' },
      { index: 1, gameId: 14, key: 'isLocked' },
      { index: 2, gameId: 5, key: 'isLiked' },
      { index: 2, gameId: 5, key: 'isLocked' },
    ]);
    expect(parts.pieces).toHaveLength(parts.gaps.length + 1);
  });

  it('leaves a page without games, or without its heading, as JSON.stringify writes it', () => {
    const empty: GamesResponse = { games: [] };
    expect(playerPageParts(empty).gaps).toEqual([]);
    expect(playerPageBytes(playerPageParts(empty), () => true).toString()).toBe('{"games":[]}');
    const bare: GamesResponse = { games: page.games, category: undefined };
    expect(playerPageBytes(playerPageParts(bare), ({ key }) => key === 'isLocked').toString()).toBe(
      JSON.stringify({ games: page.games.map((entry) => ({ ...entry, isLiked: false, isLocked: true })) }),
    );
  });
});
