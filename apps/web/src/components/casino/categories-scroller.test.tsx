import { act, fireEvent, render, screen } from '@testing-library/react';
import Link from 'next/link';
import { describe, expect, it, vi } from 'vitest';
import { CategoriesScroller } from './categories-scroller';

function setup({ scrollLeft = 0, clientWidth = 300, scrollWidth = 1000 } = {}) {
  const view = render(
    <CategoriesScroller previousLabel="Scroll left" nextLabel="Scroll right">
      <ul>
        <li>
          <Link href="/en/category/slots">Slots</Link>
        </li>
      </ul>
    </CategoriesScroller>,
  );
  const track = screen.getByRole('list').parentElement!;
  Object.defineProperties(track, {
    clientWidth: { value: clientWidth, configurable: true },
    scrollWidth: { value: scrollWidth, configurable: true },
    scrollLeft: { value: scrollLeft, configurable: true, writable: true },
  });
  const scrollBy = vi.fn();
  track.scrollBy = scrollBy as typeof track.scrollBy;
  act(() => {
    track.dispatchEvent(new Event('scroll'));
  });
  return { ...view, track, scrollBy };
}

const previous = () => screen.getByRole('button', { name: 'Scroll left' }) as HTMLButtonElement;
const next = () => screen.getByRole('button', { name: 'Scroll right' }) as HTMLButtonElement;

describe('CategoriesScroller', () => {
  it('scrolls right and left by most of the visible width', () => {
    const { track, scrollBy } = setup();
    fireEvent.click(next());
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 240, behavior: 'smooth' });
    track.scrollLeft = 300;
    act(() => {
      track.dispatchEvent(new Event('scroll'));
    });
    fireEvent.click(previous());
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -240, behavior: 'smooth' });
  });

  it('disables the left button at the start and the right one at the end', () => {
    const { track } = setup();
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(false);
    track.scrollLeft = 700;
    act(() => {
      track.dispatchEvent(new Event('scroll'));
    });
    expect(previous().disabled).toBe(false);
    expect(next().disabled).toBe(true);
  });

  it('disables both when everything fits', () => {
    setup({ clientWidth: 1000, scrollWidth: 1000 });
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(true);
  });
});
