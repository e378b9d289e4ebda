import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json-equal';

describe('jsonEqual', () => {
  it('takes objects with the same values under the same keys, in any order, as equal', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, gone: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual(null, null)).toBe(true);
  });

  it('tells apart a changed value, a missing or extra key, another order of items and another type', () => {
    expect(jsonEqual({ odd: 1.5 }, { odd: 1.55 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual({ when: new Date(0) }, { when: new Date(0).toISOString() })).toBe(false);
  });
});
