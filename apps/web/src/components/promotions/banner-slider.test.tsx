import type { Slide } from '@playhouse/shared/contracts/content';
import { isValidElement, type ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Carousel } from '@/components/ui/carousel/carousel';
import { BannerSlider, type BannerSlide } from './banner-slider';

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
  campaign: null,
});

/** The weekend reload's terms, as the api sends them from the campaign. */
const RELOAD: NonNullable<Slide['campaign']> = {
  slug: 'weekend-reload',
  kind: 'deposit_match',
  trigger: 'deposit',
  currencyCode: 'EUR',
  amount: '100.00',
  percent: 50,
  minDeposit: '20.00',
  freeSpins: null,
  freeSpinStake: null,
  game: null,
  wager: 25,
  maxBet: '5.00',
  validDays: 7,
  offerDays: 3,
  weekdays: [6, 7],
  timeZone: 'Europe/Malta',
  payout: 'bonus',
  contributions: { slots: 100 },
};

type CarouselProps = Parameters<typeof Carousel>[0];
type BannerSlideProps = Parameters<typeof BannerSlide>[0];

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

  it('hands every banner, with sanitized HTML, a path link and the language, to a 7000 ms carousel', async () => {
    api.slides = [slide(1, NO_IMAGES), slide(2, { ...NO_IMAGES, tablet: '/media/slides/t.svg' })];
    const element = await BannerSlider({ lng: 'de' });
    expect(isValidElement(element)).toBe(true);
    const props = (element as ReactElement<CarouselProps>).props;
    expect(props.autoplayMs).toBe(7000);
    expect(props.slides.map((item) => item.className)).toEqual(['banner-slide-banner-1', 'banner-slide-banner-2']);
    const banners = props.slides.map((item) => (item.content as ReactElement<BannerSlideProps>).props);
    expect(banners.map((banner) => [banner.lng, banner.slide.id, banner.priority])).toEqual([
      ['de', 1, true],
      ['de', 2, false],
    ]);
    expect(banners[0]?.slide).toMatchObject({
      html: '<h2>Weekend reload</h2>',
      href: '/cashbox',
      buttonText: 'Top up',
    });
    expect(props.labels.slide).toEqual(['slideLabel {"index":1,"total":2}', 'slideLabel {"index":2,"total":2}']);
    expect(props.labels.slideTemplate).toBe('slideLabel {"index":"{{index}}","total":"{{slidesLength}}"}');
    expect(banners[0]?.slide.terms).toBeNull();
  });

  it('gives a banner that advertises a campaign the campaign’s own offer line', async () => {
    api.slides = [{ ...slide(1, { ...NO_IMAGES, mobile: '/media/slides/m.svg' }), campaign: RELOAD }];
    const element = await BannerSlider({ lng: 'en' });
    const props = (element as ReactElement<CarouselProps>).props;
    const banner = (props.slides[0]!.content as ReactElement<BannerSlideProps>).props;
    expect(banner.slide.terms).toBe('headline.depositMatchCapped {"percent":50,"cap":"€100.00"}');
  });
});
