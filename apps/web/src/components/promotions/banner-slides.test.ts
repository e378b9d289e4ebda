import { describe, expect, it } from 'vitest';
import { bannerSlideClass, hasAnyBannerImage } from './banner-slides';

describe('banner slide helpers', () => {
  it('the slider shows only when some slide has an image for some device', () => {
    const none = { mobile: null, tablet: null, desktop: null };
    expect(hasAnyBannerImage([])).toBe(false);
    expect(hasAnyBannerImage([{ images: none }, { images: none }])).toBe(false);
    expect(hasAnyBannerImage([{ images: none }, { images: { ...none, tablet: '/t.svg' } }])).toBe(true);
  });

  it('makes a CSS class from the slug', () => {
    expect(bannerSlideClass('free-spins')).toBe('banner-slide-free-spins');
    expect(bannerSlideClass('Free Spins!')).toBe('banner-slide-free-spins-');
  });
});
