import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BonusPicture } from './bonus-picture';

describe('BonusPicture', () => {
  it('picks the mobile image under 600 px, the tablet one under 1024 px and the desktop one from 1024 px', () => {
    const { container } = render(
      <BonusPicture images={{ mobile: '/m.svg', tablet: '/t.svg', desktop: '/d.svg' }} priority />,
    );
    const sources = [...container.querySelectorAll('source')].map((source) => [source.media, source.srcset]);
    expect(sources).toEqual([
      ['(max-width: 599px)', '/m.svg'],
      ['(max-width: 1023px)', '/t.svg'],
    ]);
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/d.svg');
    expect(image.getAttribute('alt')).toBe('');
  });

  it('fills a missing device image from the nearest other one, and draws nothing without any', () => {
    const { container } = render(<BonusPicture images={{ mobile: null, tablet: '/t.svg', desktop: null }} priority />);
    expect([...container.querySelectorAll('source')].map((source) => source.srcset)).toEqual(['/t.svg', '/t.svg']);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/t.svg');
    const empty = render(<BonusPicture images={{ mobile: null, tablet: null, desktop: null }} priority={false} />);
    expect(empty.container.innerHTML).toBe('');
  });
});
