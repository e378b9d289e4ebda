import { SPEC } from '@playhouse/shared/constants';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { BannerSliderCarousel, type BannerSlideData, type BannerSliderLabels } from './banner-slider-carousel';
import { bannerSlideClass, hasAnyBannerImage, loopIndex } from './banner-slides';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const image = (slug: string) => ({ mobile: `/m/${slug}.svg`, tablet: `/t/${slug}.svg`, desktop: `/d/${slug}.svg` });
const SLIDES: BannerSlideData[] = ['reload', 'spins', 'cashback'].map((slug, index) => ({
  id: index + 1,
  slug,
  images: image(slug),
  html: `<h2>Banner ${slug}</h2>`,
  buttonText: `Open ${slug}`,
  href: `/category/${slug}`,
}));
const LABELS: BannerSliderLabels = {
  region: 'Casino promotions',
  previous: 'Previous banner',
  next: 'Next banner',
  pause: 'Pause the banners',
  play: 'Play the banners',
  slide: SLIDES.map((_, index) => `${index + 1} of ${SLIDES.length}`),
  goTo: SLIDES.map((_, index) => `Show banner ${index + 1}`),
};

function shown(): string {
  const visible = screen.getAllByRole('group').filter((slide) => !slide.hidden);
  expect(visible).toHaveLength(1);
  return visible[0]!.getAttribute('aria-label') ?? '';
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('BannerSliderCarousel', () => {
  beforeEach(() => {
    navigationState.reset('/en');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('shows one slide at a time and moves on every 7000 ms, looping back to the first', () => {
    renderWithProviders(<BannerSliderCarousel lng="en" slides={SLIDES} labels={LABELS} />);
    expect(screen.getByRole('region', { name: 'Casino promotions' }).getAttribute('aria-roledescription')).toBe(
      'carousel',
    );
    expect(shown()).toBe('1 of 3');
    advance(SPEC.bannerAutoplayMs - 1);
    expect(shown()).toBe('1 of 3');
    advance(1);
    expect(shown()).toBe('2 of 3');
    advance(SPEC.bannerAutoplayMs);
    expect(shown()).toBe('3 of 3');
    advance(SPEC.bannerAutoplayMs);
    expect(shown()).toBe('1 of 3');
  });

  it('keeps playing after the buttons and dots are used, giving the chosen slide its full 7000 ms', () => {
    renderWithProviders(<BannerSliderCarousel lng="en" slides={SLIDES} labels={LABELS} />);
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(shown()).toBe('3 of 3');
    advance(SPEC.bannerAutoplayMs - 1);
    expect(shown()).toBe('3 of 3');
    advance(1);
    expect(shown()).toBe('1 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'Show banner 2' }));
    expect(shown()).toBe('2 of 3');
    expect(screen.getByRole('button', { name: 'Show banner 2' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(shown()).toBe('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(shown()).toBe('1 of 3');
    advance(SPEC.bannerAutoplayMs);
    expect(shown()).toBe('2 of 3');
  });

  it('stops only when the pause button is pressed, and then announces slide changes', () => {
    const { container } = renderWithProviders(<BannerSliderCarousel lng="en" slides={SLIDES} labels={LABELS} />);
    const live = container.querySelector('[aria-live]')!;
    expect(live.getAttribute('aria-live')).toBe('off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause the banners' }));
    expect(live.getAttribute('aria-live')).toBe('polite');
    advance(3 * SPEC.bannerAutoplayMs);
    expect(shown()).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play the banners' }));
    advance(SPEC.bannerAutoplayMs);
    expect(shown()).toBe('2 of 3');
  });

  it('gives each slide a class from its slug, its own artwork and a link in the language it was given', () => {
    const { container } = renderWithProviders(<BannerSliderCarousel lng="de" slides={SLIDES} labels={LABELS} />);
    const slides = [...container.querySelectorAll('[aria-roledescription="slide"]')];
    expect(
      slides.map((slide) => slide.classList.contains(bannerSlideClass(SLIDES[slides.indexOf(slide)]!.slug))),
    ).toEqual([true, true, true]);
    expect(container.querySelector('.banner-slide-spins img')?.getAttribute('src')).toBe('/m/spins.svg');
    expect(screen.getByRole('link', { name: 'Open reload' }).getAttribute('href')).toBe('/de/category/reload');
  });

  it('shows no controls and does not rotate with a single slide', () => {
    renderWithProviders(<BannerSliderCarousel lng="en" slides={SLIDES.slice(0, 1)} labels={LABELS} />);
    expect(screen.queryByRole('button')).toBeNull();
    advance(SPEC.bannerAutoplayMs);
    expect(shown()).toBe('1 of 3');
  });
});

describe('banner slide helpers', () => {
  it('the slider shows only when some slide has an image for some device', () => {
    const none = { mobile: null, tablet: null, desktop: null };
    expect(hasAnyBannerImage([])).toBe(false);
    expect(hasAnyBannerImage([{ images: none }, { images: none }])).toBe(false);
    expect(hasAnyBannerImage([{ images: none }, { images: { ...none, tablet: '/t.svg' } }])).toBe(true);
  });

  it('makes a CSS class from the slug and loops indexes both ways', () => {
    expect(bannerSlideClass('free-spins')).toBe('banner-slide-free-spins');
    expect(bannerSlideClass('Free Spins!')).toBe('banner-slide-free-spins-');
    expect([loopIndex(0, -1, 3), loopIndex(2, 1, 3), loopIndex(1, 1, 3)]).toEqual([2, 0, 2]);
  });
});
