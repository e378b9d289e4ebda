import type { GamesResponse } from '@playhouse/shared';

/**
 * A page of games as bytes with a gap at each game's `isLiked` and `isLocked`: a signed-in player's page is these
 * pieces with their own two values in each game's gaps. The visitors' page (already allow-listed by its schema and
 * serialized) is cut once; a player's request then copies bytes instead of copying the page's objects, serializing
 * them and encoding the text as UTF-8 again (that was most of the page's own work per request).
 */
export interface PlayerPageParts {
  /** One piece more than there are gaps: the bytes before the first gap, between each two, and after the last. */
  readonly pieces: readonly Buffer[];
  /** The gaps in the order they appear: which game (its place on the page and its id) and which value. */
  readonly gaps: readonly PlayerPageGap[];
}

export interface PlayerPageGap {
  index: number;
  gameId: number;
  key: PersonalKey;
}

/** A game's values that depend on who looks. */
const PERSONAL_KEYS = ['isLiked', 'isLocked'] as const;
type PersonalKey = (typeof PERSONAL_KEYS)[number];
const isPersonalKey = (key: string): key is PersonalKey => (PERSONAL_KEYS as readonly string[]).includes(key);

/**
 * Cuts a page serialized exactly as `JSON.stringify(page)` would (the same keys in the same order), so a player whose
 * values are the visitors' gets the visitors' bytes.
 */
export function playerPageParts(page: GamesResponse): PlayerPageParts {
  const pieces: string[] = [''];
  const gaps: PlayerPageGap[] = [];
  const write = (text: string) => {
    pieces[pieces.length - 1] += text;
  };
  const writeObject = (value: object, writeMember: (key: string, member: unknown) => void) => {
    write('{');
    let first = true;
    for (const [key, member] of Object.entries(value)) {
      // JSON.stringify leaves out members whose value is undefined.
      if (member === undefined) continue;
      write(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      writeMember(key, member);
    }
    write('}');
  };
  writeObject(page, (key, member) => {
    if (key !== 'games') return write(JSON.stringify(member));
    write('[');
    page.games.forEach((game, index) => {
      if (index > 0) write(',');
      writeObject(game, (gameKey, value) => {
        if (!isPersonalKey(gameKey)) return write(JSON.stringify(value));
        gaps.push({ index, gameId: game.id, key: gameKey });
        pieces.push('');
      });
    });
    write(']');
  });
  return { pieces: pieces.map((piece) => Buffer.from(piece)), gaps };
}

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');

/** The page with one player's value in each gap. */
export function playerPageBytes({ pieces, gaps }: PlayerPageParts, valueOf: (gap: PlayerPageGap) => boolean): Buffer {
  const list: Buffer[] = [pieces[0]!];
  let length = pieces[0]!.length;
  gaps.forEach((gap, gapIndex) => {
    const value = valueOf(gap) ? TRUE : FALSE;
    const piece = pieces[gapIndex + 1]!;
    list.push(value, piece);
    length += value.length + piece.length;
  });
  return Buffer.concat(list, length);
}
