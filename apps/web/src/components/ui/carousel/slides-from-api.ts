import type { Locale } from '@playhouse/shared/locales';
import { getTranslations } from 'next-intl/server';
import type { getSlides } from '@/lib/api-client';
import { toAppPath } from '@/lib/links';
import { promotionHeadline } from '@/lib/promotion-terms';
import { sanitizeRichHtml } from '@/lib/sanitize';
import type { CarouselLabels } from './carousel';
import type { SlideData } from './slide-content';

type ApiSlide = Awaited<ReturnType<typeof getSlides>>[number];
type Translator = Awaited<ReturnType<typeof getTranslations>>;

/**
 * The slides of either slider as their content draws them: the HTML sanitized and the advertised campaign's offer
 * put in words here, on the server, so the browser gets no sanitizer and no translator.
 */
export async function slidesData(lng: Locale, slides: ApiSlide[]): Promise<SlideData[]> {
  const tt = await getTranslations({ locale: lng, namespace: 'promotionTerms' });
  return slides.map((slide) => ({
    id: slide.id,
    slug: slide.slug,
    images: slide.images,
    html: sanitizeRichHtml(slide.bodyTranslated),
    buttonText: slide.btnTextKeyTranslated,
    href: toAppPath(slide.url),
    terms: slide.campaign ? promotionHeadline(slide.campaign, (key, values) => tt(key, values), lng) : null,
  }));
}

/** Each slide's and each dot's label, from a namespace's `slideLabel` and `goTo` ("2 of 3", "Go to slide 2"). */
export function slidePositionLabels(
  t: Translator,
  total: number,
): Pick<CarouselLabels, 'slide' | 'slideTemplate' | 'goTo'> {
  const positions = Array.from({ length: total }, (_, index) => index + 1);
  return {
    slide: positions.map((index) => t('slideLabel', { index, total })),
    slideTemplate: t('slideLabel', { index: '{{index}}', total: '{{slidesLength}}' }),
    goTo: positions.map((index) => t('goTo', { index })),
  };
}
