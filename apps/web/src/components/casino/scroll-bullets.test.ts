import { describe, expect, it } from 'vitest';
import { bulletCount, selectedBullet } from './scroll-bullets';

describe('producers list bullets', () => {
  it('counts scroll width ÷ visible width, rounded, at least one', () => {
    expect(bulletCount(1000, 400)).toBe(3);
    expect(bulletCount(1100, 400)).toBe(3);
    expect(bulletCount(1000, 500)).toBe(2);
    expect(bulletCount(300, 400)).toBe(1);
    expect(bulletCount(0, 0)).toBe(1);
  });

  it('selects the page the scroll position is on, the first at the start', () => {
    expect(selectedBullet(0, 400, 3)).toBe(0);
    expect(selectedBullet(390, 400, 3)).toBe(1);
    expect(selectedBullet(600, 400, 3)).toBe(2);
    expect(selectedBullet(5000, 400, 3)).toBe(2);
  });
});
