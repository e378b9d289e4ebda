// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { moved, renumbered } from './move-buttons';

describe('ordering a casino list', () => {
  it('moves one item one place up or down', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('numbers the moved list 0, 1, 2… and names only the rows whose position changes', () => {
    const rows = [
      { id: 1, position: 0 },
      { id: 2, position: 1 },
      { id: 3, position: 7 },
    ];
    expect(renumbered(rows, 0, 1)).toEqual([
      { item: { id: 2, position: 1 }, position: 0 },
      { item: { id: 1, position: 0 }, position: 1 },
      { item: { id: 3, position: 7 }, position: 2 },
    ]);
    expect(renumbered(rows.slice(0, 2), 1, -1).map(({ item }) => item.id)).toEqual([2, 1]);
  });
});
