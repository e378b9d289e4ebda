import { describe, expect, it } from 'vitest';
import { createShortCache } from './short-cache';

describe('createShortCache', () => {
  it('answers from memory within the time to live, then loads again', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createShortCache<number>({ ttlMs: 1000, now: () => clock });
    const load = async () => (loads += 1);
    expect(await cache.get('a', load)).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('b', load)).toBe(3);
  });

  it('shares one load between concurrent requests and forgets a failure', async () => {
    let loads = 0;
    const cache = createShortCache<number>({ ttlMs: 1000 });
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve((loads += 1)), 5));
    expect(await Promise.all([cache.get('a', slow), cache.get('a', slow)])).toEqual([1, 1]);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', async () => 7)).toBe(7);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    let loads = 0;
    const cache = createShortCache<number>({ ttlMs: 1000, maxEntries: 2 });
    const load = async () => (loads += 1);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });

  it('loads every time when switched off', async () => {
    let loads = 0;
    const cache = createShortCache<number>({ ttlMs: 0 });
    await cache.get('a', async () => (loads += 1));
    expect(await cache.get('a', async () => (loads += 1))).toBe(2);
  });
});
