import type { Locale } from '@playhouse/shared/locales';
import { getTranslations } from 'next-intl/server';
import { Carousel } from '@/components/ui/carousel/carousel';
import { SlideContent } from '@/components/ui/carousel/slide-content';
import { getSlides } from '@/lib/api-client';
import { toAppPath } from '@/lib/links';
import { promotionHeadline } from '@/lib/promotion-terms';
import { sanitizeRichHtml } from '@/lib/sanitize';

/**
 * SPEC.md §2 "Home-page slider": responsive artwork, an HTML body and a button to /{lng}/{url} per slide. The slides'
 * HTML is sanitized and the texts translated here, on the server, so the browser gets no sanitizer and no translator.
 */
export async function HomeSlider({ lng }: { lng: Locale }) {
  const [slides, t, tt] = await Promise.all([
    getSlides(lng, 'home'),
    getTranslations({ locale: lng, namespace: 'slider' }),
    getTranslations({ locale: lng, namespace: 'promotionTerms' }),
  ]);
  if (slides.length === 0) return null;
  const total = slides.length;
  return (
    <Carousel
      variant="hero"
      slides={slides.map((slide, index) => ({
        key: slide.id,
        className: `slide-${slide.slug}`,
        content: (
          <SlideContent
            lng={lng}
            priority={index === 0}
            slide={{
              id: slide.id,
              slug: slide.slug,
              images: slide.images,
              html: sanitizeRichHtml(slide.bodyTranslated),
              buttonText: slide.btnTextKeyTranslated,
              href: toAppPath(slide.url),
              terms: slide.campaign ? promotionHeadline(slide.campaign, (key, values) => tt(key, values), lng) : null,
            }}
          />
        ),
      }))}
      labels={{
        region: t('label'),
        carousel: t('carouselRole'),
        slideRole: t('slideRole'),
        previous: t('previous'),
        next: t('next'),
        slide: slides.map((_, index) => t('slideLabel', { index: index + 1, total })),
        slideTemplate: t('slideLabel', { index: '{{index}}', total: '{{slidesLength}}' }),
        goTo: slides.map((_, index) => t('goTo', { index: index + 1 })),
      }}
    />
  );
}
