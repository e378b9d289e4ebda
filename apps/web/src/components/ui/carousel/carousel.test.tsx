import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { Carousel, type CarouselLabels, type CarouselSlide } from './carousel';
import type { CarouselEngineOptions } from './carousel-engine';
import { SlideContent, type SlideData } from './slide-content';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

/**
 * Swiper does not lay out in jsdom: a stand-in records how the carousel drives it (the real one runs in the e2e
 * specs). It moves like Swiper with these options: looping or rewinding, reporting each change.
 */
const engine = vi.hoisted(() => ({
  mounted: [] as { element: HTMLElement; options: CarouselEngineOptions }[],
  autoplay: { start: vi.fn(), stop: vi.fn() },
}));
vi.mock('./carousel-engine', () => ({
  mountCarousel: (element: HTMLElement, options: CarouselEngineOptions) => {
    engine.mounted.push({ element, options });
    const count = element.querySelectorAll('.swiper-slide').length;
    let index = 0;
    const go = (next: number) => {
      index = (next + count) % count;
      options.onSlideChange(index);
    };
    return {
      slideNext: () => go(index + 1),
      slidePrev: () => go(index - 1),
      slideTo: go,
      slideToLoop: go,
      autoplay: engine.autoplay,
      destroy: vi.fn(),
    };
  },
}));

const SLIDES: CarouselSlide[] = ['reload', 'spins', 'cashback'].map((slug, index) => ({
  key: index,
  className: `banner-slide-${slug}`,
  content: <h2>Banner {slug}</h2>,
}));
const LABELS: CarouselLabels = {
  region: 'Casino promotions',
  carousel: 'carousel',
  slideRole: 'slide',
  previous: 'Previous banner',
  next: 'Next banner',
  pause: 'Pause the banners',
  play: 'Play the banners',
  slide: SLIDES.map((_, index) => `${index + 1} of ${SLIDES.length}`),
  slideTemplate: '{{index}} of {{slidesLength}}',
  goTo: SLIDES.map((_, index) => `Show banner ${index + 1}`),
};

/** The one slide a visitor (and assistive technology) gets: the others are aria-hidden and inert. */
function shown(): string {
  const slides = [...document.querySelectorAll('[aria-roledescription="slide"]')];
  const exposed = slides.filter((slide) => slide.getAttribute('aria-hidden') !== 'true');
  expect(exposed).toHaveLength(1);
  expect(slides.filter((slide) => !slide.hasAttribute('inert'))).toEqual(exposed);
  return exposed[0]!.getAttribute('aria-label') ?? '';
}

const settle = () => act(async () => vi.dynamicImportSettled());

describe('Carousel', () => {
  beforeEach(() => {
    engine.mounted.length = 0;
    engine.autoplay.start.mockReset();
    engine.autoplay.stop.mockReset();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('draws every slide in Swiper markup and shows the first, without loading Swiper for it', () => {
    render(<Carousel variant="banner" slides={SLIDES} labels={LABELS} autoplayMs={7000} />);
    const region = screen.getByRole('region', { name: 'Casino promotions' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(region.querySelectorAll('.swiper > .swiper-wrapper > .swiper-slide')).toHaveLength(3);
    expect(shown()).toBe('1 of 3');
    expect(region.querySelector('.banner-slide-spins')?.textContent).toBe('Banner spins');
    expect(engine.mounted).toHaveLength(0);
  });

  it('loads Swiper for the first autoplay step, looping with autoplay on, and moves on', async () => {
    render(<Carousel variant="banner" slides={SLIDES} labels={LABELS} autoplayMs={7000} />);
    act(() => {
      vi.advanceTimersByTime(6999);
    });
    expect(engine.mounted).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await settle();
    expect(engine.mounted).toHaveLength(1);
    expect(engine.mounted[0]!.options).toMatchObject({
      loop: true,
      autoplayMs: 7000,
      playing: true,
      slideLabel: '{{index}} of {{slidesLength}}',
    });
    expect(engine.mounted[0]!.element.classList.contains('swiper')).toBe(true);
    expect(shown()).toBe('2 of 3');
  });

  it('loads Swiper as soon as the visitor points at or tabs into it, and the controls drive it', async () => {
    render(<Carousel variant="banner" slides={SLIDES} labels={LABELS} autoplayMs={7000} />);
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'Casino promotions' }));
    await settle();
    expect(engine.mounted).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    await settle();
    expect(shown()).toBe('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 2' }));
    await settle();
    expect(shown()).toBe('2 of 3');
    expect(screen.getByRole('button', { name: 'Show banner 2' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    await settle();
    expect(shown()).toBe('3 of 3');
    expect(engine.mounted).toHaveLength(1);
  });

  it('leaves the time to Swiper once it is loaded early: the stand-in first step does not move it again', async () => {
    render(<Carousel variant="banner" slides={SLIDES} labels={LABELS} autoplayMs={7000} />);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.focus(screen.getByRole('button', { name: 'Next banner' }));
    await settle();
    expect(engine.mounted).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    await settle();
    // Swiper's own autoplay (not this stand-in) moves it now; the stand-in did nothing.
    expect(shown()).toBe('1 of 3');
  });

  it('pauses only with its pause control, which Swiper then follows, and then announces slide changes', async () => {
    const { container } = render(<Carousel variant="banner" slides={SLIDES} labels={LABELS} autoplayMs={7000} />);
    const live = container.querySelector('.swiper-wrapper')!;
    expect(live.getAttribute('aria-live')).toBe('off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause the banners' }));
    expect(live.getAttribute('aria-live')).toBe('polite');
    // Paused before Swiper came: no autoplay step loads it, and it starts paused when the visitor moves it.
    act(() => {
      vi.advanceTimersByTime(3 * 7000);
    });
    expect(engine.mounted).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    await settle();
    expect(engine.mounted[0]!.options.playing).toBe(false);
    expect(shown()).toBe('2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play the banners' }));
    expect(engine.autoplay.start).toHaveBeenCalledTimes(1);
    expect(live.getAttribute('aria-live')).toBe('off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause the banners' }));
    expect(engine.autoplay.stop).toHaveBeenCalledTimes(1);
  });

  it('without autoplay has no pause control, rewinds instead of looping with two slides, and never loads by itself', async () => {
    render(<Carousel variant="hero" slides={SLIDES.slice(0, 2)} labels={{ ...LABELS, pause: undefined }} />);
    expect(screen.queryByRole('button', { name: 'Pause the banners' })).toBeNull();
    expect(screen.getByRole('region').querySelector('.swiper-wrapper')?.getAttribute('aria-live')).toBe('polite');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(engine.mounted).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 2' }));
    await settle();
    expect(engine.mounted[0]!.options).toMatchObject({ loop: false, autoplayMs: undefined });
  });

  it('shows no controls and does not move with a single slide', () => {
    render(<Carousel variant="banner" slides={SLIDES.slice(0, 1)} labels={LABELS} autoplayMs={7000} />);
    expect(screen.queryByRole('button')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(7000);
    });
    expect(engine.mounted).toHaveLength(0);
    expect(shown()).toBe('1 of 3');
  });
});

const SLIDE: SlideData = {
  id: 1,
  slug: 'welcome',
  images: { mobile: '/s/welcome-m.png', tablet: '/s/welcome-t.png', desktop: '/s/welcome-d.png' },
  html: '<h2>Welcome bonus</h2><p>Up to 500 €</p>',
  buttonText: 'Claim it',
  href: '/category/slots',
};

describe('SlideContent', () => {
  beforeEach(() => navigationState.reset('/en'));

  it('renders the HTML body and a button to /{lng}/{url} in the language it is given', () => {
    renderWithProviders(<SlideContent slide={SLIDE} lng="de" priority />, { locale: 'de' });
    expect(screen.getByRole('heading', { name: 'Welcome bonus' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Claim it' }).getAttribute('href')).toBe('/de/category/slots');
  });

  it('gives responsive artwork of a reserved size, eager only for the first slide', () => {
    const { container } = renderWithProviders(
      <>
        <SlideContent slide={SLIDE} lng="en" priority />
        <SlideContent
          slide={{ ...SLIDE, id: 2, images: { mobile: null, tablet: null, desktop: '/s/live-d.png' } }}
          lng="en"
          priority={false}
        />
      </>,
    );
    const [first, second] = [...container.querySelectorAll('picture')];
    expect([...first!.querySelectorAll('source')].map((source) => [source.media, source.srcset])).toEqual([
      ['(min-width: 1024px)', '/s/welcome-d.png'],
      ['(min-width: 600px)', '/s/welcome-t.png'],
    ]);
    const images = [...container.querySelectorAll('picture img')];
    expect(images.map((image) => [image.getAttribute('width'), image.getAttribute('height')])).toEqual([
      ['600', '400'],
      ['600', '400'],
    ]);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy']);
    // The first slide's image is preloaded once per screen range, each the one that range's <picture> picks.
    const preloads = [...document.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(preloads.map((link) => [link.getAttribute('href'), link.getAttribute('media')])).toEqual([
      ['/s/welcome-m.png', '(max-width: 599.98px)'],
      ['/s/welcome-t.png', '(min-width: 600px) and (max-width: 1023.98px)'],
      ['/s/welcome-d.png', '(min-width: 1024px)'],
    ]);
    expect(preloads.every((link) => link.getAttribute('fetchpriority') === 'high')).toBe(true);
    // A slide lacking some sizes uses the artwork it has.
    expect(second!.querySelector('img')?.getAttribute('src')).toBe('/s/live-d.png');
  });
});
