import { describe, expect, it } from 'vitest';
import { changedPlayers, createPlayerCache } from './player-cache';

interface Row {
  id: number;
  userId: number;
}
const row = (id: number, userId: number): Row => ({ id, userId });
const cache = () => createPlayerCache<Row>({ max: 10, ttlMs: 60_000, playerOf: (kept) => kept.userId });

describe('facts about players an instance keeps', () => {
  it('reads an entry once and then answers it from memory', async () => {
    const kept = cache();
    let reads = 0;
    const read = async () => (reads++, row(1, 7));
    await kept.load('a', read);
    await kept.load('a', read);
    expect(reads).toBe(1);
  });

  it('keeps nothing the caller refuses, and nothing a read did not find', async () => {
    const kept = cache();
    await kept.load(
      'a',
      async () => row(1, 7),
      () => false,
    );
    await kept.load('b', async () => undefined);
    expect(kept.size).toBe(0);
  });

  it("drops the entries of the players a change names, and only theirs; null drops everyone's", async () => {
    const kept = cache();
    await kept.load('a', async () => row(1, 7));
    await kept.load('b', async () => row(2, 7));
    await kept.load('c', async () => row(3, 8));
    kept.changed([7]);
    expect(kept.size).toBe(1);
    kept.changed(null);
    expect(kept.size).toBe(0);
  });

  it('forgets one entry by its second name', async () => {
    const kept = createPlayerCache<Row>({ max: 10, ttlMs: 60_000, playerOf: (r) => r.userId, idOf: (r) => r.id });
    await kept.load('a', async () => row(1, 7));
    await kept.load('b', async () => row(2, 7));
    kept.forget(1);
    expect(kept.size).toBe(1);
    kept.forget(1);
    expect(kept.size).toBe(1);
  });

  it('does not keep a read that a change overtook: it may hold what was there before the change', async () => {
    const kept = cache();
    let release = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const reading = kept.load('a', async () => {
      await slow;
      return row(1, 7);
    });
    // The player is blocked while the read runs: the announcement names them before the read returns.
    kept.changed([7]);
    release();
    expect(await reading).toEqual(row(1, 7));
    expect(kept.size).toBe(0);
  });

  it('hands out entries nobody can change', async () => {
    const kept = cache();
    await kept.load('a', async () => row(1, 7));
    const hit = await kept.load('a', async () => row(9, 9));
    expect(() => Object.assign(hit ?? {}, { userId: 8 })).toThrow(TypeError);
  });

  it('reads the players a notification names, and drops everything for anything else', () => {
    expect(changedPlayers('7')).toEqual([7]);
    expect(changedPlayers('7,8,19')).toEqual([7, 8, 19]);
    expect(changedPlayers('*')).toBeNull();
    expect(changedPlayers('7,x')).toBeNull();
    expect(changedPlayers('')).toBeNull();
  });
});
