import { describe, expect, it } from 'vitest';
import { createContentCaches, createMemoryCache, createPassThroughCache } from './memory-cache';

/** A load whose answer the test releases by hand. */
function gate<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

describe('createMemoryCache', () => {
  it('keeps a loaded value until cleared, then loads again', async () => {
    let loads = 0;
    const cache = createMemoryCache<{ n: number }>({ max: 10, ttlMs: 60_000 });
    const load = async () => ({ n: ++loads });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('b', load)).toEqual({ n: 2 });
    cache.clear();
    expect(await cache.get('a', load)).toEqual({ n: 3 });
  });

  it('shares one load between concurrent misses of a key', async () => {
    let loads = 0;
    const cache = createMemoryCache<{ n: number }>({ max: 10, ttlMs: 60_000 });
    const pending = gate<void>();
    const load = async () => {
      loads += 1;
      await pending.promise;
      return { n: loads };
    };
    const both = Promise.all([cache.get('a', load), cache.get('a', load)]);
    pending.release();
    expect(await both).toEqual([{ n: 1 }, { n: 1 }]);
    expect(loads).toBe(1);
  });

  it('never keeps a value loaded before a change, and answers the waiting callers afresh', async () => {
    const cache = createMemoryCache<{ version: string }>({ max: 10, ttlMs: 60_000 });
    const before = gate<{ version: string }>();
    const waiting = cache.get('a', () => before.promise);
    // The content changes while the first load still reads the old version.
    cache.clear();
    let loadsAfter = 0;
    const after = cache.get('a', async () => ({ version: `new ${++loadsAfter}` }));
    before.release({ version: 'old' });
    expect(await after).toEqual({ version: 'new 1' });
    // The caller that started before the change gets the content after it, not the old one.
    expect(await waiting).toEqual({ version: 'new 1' });
    expect(await cache.get('a', async () => ({ version: 'unused' }))).toEqual({ version: 'new 1' });
  });

  it('keeps no failure: the next get loads again', async () => {
    const cache = createMemoryCache<{ n: number }>({ max: 10, ttlMs: 60_000 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => ({ n: 7 }))).toEqual({ n: 7 });
  });

  it('keeps at most max entries, dropping the least recently used', async () => {
    const cache = createMemoryCache<{ key: string; n: number }>({ max: 2, ttlMs: 60_000 });
    let loads = 0;
    const load = (key: string) => async () => ({ key, n: ++loads });
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a'));
    await cache.get('c', load('c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', load('a'))).toEqual({ key: 'a', n: 1 });
    expect(await cache.get('b', load('b'))).toEqual({ key: 'b', n: 4 });
  });
});

describe('createPassThroughCache', () => {
  it('loads on every get', async () => {
    let loads = 0;
    const cache = createPassThroughCache<number>();
    await cache.get('a', async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(2);
  });
});

describe('createContentCaches', () => {
  async function filled(
    caches: ReturnType<typeof createContentCaches>,
    kinds: Parameters<typeof caches.cache>[0]['kinds'],
  ) {
    const cache = caches.cache<{ n: number }>({ kinds, max: 10 });
    let loads = 0;
    const get = () => cache.get('key', async () => ({ n: ++loads }));
    await get();
    return { loads: async () => (await get()).n };
  }

  it('drops exactly the caches built from the kind that changed, and all of them when told nothing specific', async () => {
    const caches = createContentCaches({ enabled: true });
    const slides = await filled(caches, ['slides']);
    const pages = await filled(caches, ['catalogue', 'categories']);
    caches.changed('categories');
    expect(await slides.loads()).toBe(1);
    expect(await pages.loads()).toBe(2);
    caches.changed('translations');
    expect(await slides.loads()).toBe(1);
    expect(await pages.loads()).toBe(2);
    caches.changed(null);
    expect(await slides.loads()).toBe(2);
    expect(await pages.loads()).toBe(3);
  });

  it('keeps nothing when switched off', async () => {
    const caches = createContentCaches({ enabled: false });
    expect(caches.enabled).toBe(false);
    const slides = await filled(caches, ['slides']);
    expect(await slides.loads()).toBe(2);
    expect(await slides.loads()).toBe(3);
  });

  it('keeps nothing in a cache of size 0, and the others as usual', async () => {
    const caches = createContentCaches({ enabled: true });
    expect(caches.enabled).toBe(true);
    const none = caches.cache<{ n: number }>({ kinds: ['catalogue'], max: 0 });
    let loads = 0;
    await none.get('key', async () => ({ n: ++loads }));
    await none.get('key', async () => ({ n: ++loads }));
    expect(loads).toBe(2);
    expect(await (await filled(caches, ['catalogue'])).loads()).toBe(1);
  });
});
