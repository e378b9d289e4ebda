import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { HomeSliderCarousel, type HomeSlide } from './home-slider-carousel';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const SLIDES: HomeSlide[] = [
  {
    id: 1,
    slug: 'welcome',
    images: { mobile: '/s/welcome-m.png', tablet: '/s/welcome-t.png', desktop: '/s/welcome-d.png' },
    html: '<h2>Welcome bonus</h2><p>Up to 500 €</p>',
    buttonText: 'Claim it',
    href: '/category/slots',
  },
  {
    id: 2,
    slug: 'live',
    images: { mobile: null, tablet: null, desktop: '/s/live-d.png' },
    html: '<h2>Live tables</h2>',
    buttonText: 'Play live',
    href: '/category/live',
  },
];

describe('HomeSliderCarousel', () => {
  beforeEach(() => navigationState.reset('/en'));

  it('renders every slide with its HTML body and a button to /{lng}/{url}', () => {
    renderWithProviders(<HomeSliderCarousel slides={SLIDES} />);
    expect(screen.getByRole('heading', { name: 'Welcome bonus' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Claim it' }).getAttribute('href')).toBe('/en/category/slots');
  });

  it('builds the button link in the current locale', () => {
    navigationState.reset('/de');
    renderWithProviders(<HomeSliderCarousel slides={SLIDES} />, { locale: 'de' });
    expect(screen.getByRole('link', { name: 'Claim it' }).getAttribute('href')).toBe('/de/category/slots');
  });

  it('gives each slide responsive artwork: desktop, tablet and phone sources', () => {
    const { container } = renderWithProviders(<HomeSliderCarousel slides={SLIDES} />);
    const first = container.querySelectorAll('picture')[0]!;
    const sources = [...first.querySelectorAll('source')].map((source) => [source.media, source.srcset]);
    expect(sources).toEqual([
      ['(min-width: 1024px)', '/s/welcome-d.png'],
      ['(min-width: 600px)', '/s/welcome-t.png'],
    ]);
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/s/welcome-m.png');
  });

  it('reserves the artwork size up front and loads only the first slide eagerly', () => {
    const { container } = renderWithProviders(<HomeSliderCarousel slides={SLIDES} />);
    const images = [...container.querySelectorAll('picture img')];
    expect(images.map((image) => [image.getAttribute('width'), image.getAttribute('height')])).toEqual([
      ['600', '400'],
      ['600', '400'],
    ]);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy']);
  });

  it('uses whichever artwork a slide has for the sizes it lacks', () => {
    const { container } = renderWithProviders(<HomeSliderCarousel slides={SLIDES} />);
    const second = container.querySelectorAll('picture')[1]!;
    expect(second.querySelector('img')?.getAttribute('src')).toBe('/s/live-d.png');
  });

  it('has a translated button per slide and moves to the slide chosen', async () => {
    renderWithProviders(<HomeSliderCarousel slides={SLIDES} />);
    const dots = [
      screen.getByRole('button', { name: 'Go to slide 1' }),
      screen.getByRole('button', { name: 'Go to slide 2' }),
    ];
    expect(dots[0]?.getAttribute('aria-current')).toBe('true');
    await act(async () => {
      fireEvent.click(dots[1]!);
    });
    expect(screen.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
  });

  it('keeps the controls out of the way when there is a single slide', () => {
    renderWithProviders(<HomeSliderCarousel slides={SLIDES.slice(0, 1)} />);
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });
});
