import { describe, expect, it, vi } from 'vitest';
import { batched } from './batched';

describe('batched', () => {
  it('reads asked for together share one read of every key, each answered with its own value', async () => {
    const readMany = vi.fn(async (keys: number[]) => new Map(keys.map((key) => [key, `value ${key}`])));
    const read = batched(readMany);
    const answers = await Promise.all([read(1), read(2), read(1), read(3)]);
    expect(answers).toEqual(['value 1', 'value 2', 'value 1', 'value 3']);
    expect(readMany).toHaveBeenCalledTimes(1);
    expect(readMany).toHaveBeenCalledWith([1, 2, 3]);
  });

  it('a read asked for after a batch went out gets a read of its own', async () => {
    const readMany = vi.fn(async (keys: number[]) => new Map(keys.map((key) => [key, key * 10])));
    const read = batched(readMany);
    expect(await read(1)).toBe(10);
    expect(await read(1)).toBe(10);
    expect(readMany).toHaveBeenCalledTimes(2);
  });

  it('a key the read does not answer is undefined; a failed read fails every caller of its batch', async () => {
    const read = batched(async (keys: number[]) => new Map(keys.filter((key) => key !== 2).map((key) => [key, key])));
    expect(await Promise.all([read(1), read(2)])).toEqual([1, undefined]);
    const failing = batched<number, number>(() => Promise.reject(new Error('database gone')));
    const results = await Promise.allSettled([failing(1), failing(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
