import type { Slide } from '@playhouse/shared/contracts/content';
import { isValidElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerSlider } from './banner-slider';
import type { BannerSliderCarousel } from './banner-slider-carousel';

const api = vi.hoisted(() => ({ slides: [] as Slide[], getSlides: vi.fn() }));
vi.mock('@/lib/api-client', () => ({ getSlides: api.getSlides }));
vi.mock('next-intl/server', () => ({
  getTranslations: () =>
    Promise.resolve((key: string, values?: Record<string, unknown>) =>
      values ? `${key} ${JSON.stringify(values)}` : key,
    ),
}));

const NO_IMAGES = { mobile: null, tablet: null, desktop: null };
const slide = (id: number, images: Slide['images']): Slide => ({
  id,
  slug: `banner-${id}`,
  images,
  bodyTranslated: '<h2 onclick="steal()">Weekend reload</h2><script>steal()</script>',
  btnTextKeyTranslated: 'Top up',
  url: 'cashbox',
});

type CarouselProps = Parameters<typeof BannerSliderCarousel>[0];

describe('BannerSlider', () => {
  beforeEach(() => {
    api.getSlides.mockReset();
    api.getSlides.mockImplementation(() => Promise.resolve(api.slides));
  });

  it('renders nothing when no banner has an image for mobile, tablet or desktop', async () => {
    api.slides = [slide(1, NO_IMAGES), slide(2, NO_IMAGES)];
    expect(await BannerSlider({ lng: 'en' })).toBeNull();
    expect(api.getSlides).toHaveBeenCalledWith('en', 'banner');
    api.slides = [];
    expect(await BannerSlider({ lng: 'en' })).toBeNull();
  });

  it('hands every banner to the carousel, with sanitized HTML, a path link and the language', async () => {
    api.slides = [slide(1, NO_IMAGES), slide(2, { ...NO_IMAGES, tablet: '/media/slides/t.svg' })];
    const element = await BannerSlider({ lng: 'de' });
    expect(isValidElement(element)).toBe(true);
    const props = (element as { props: CarouselProps }).props;
    expect(props.lng).toBe('de');
    expect(props.slides.map((item) => item.id)).toEqual([1, 2]);
    expect(props.slides[0]).toMatchObject({ html: '<h2>Weekend reload</h2>', href: '/cashbox', buttonText: 'Top up' });
    expect(props.labels.slide).toEqual(['slideLabel {"index":1,"total":2}', 'slideLabel {"index":2,"total":2}']);
  });
});
