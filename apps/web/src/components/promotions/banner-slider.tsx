import type { Locale } from '@playhouse/shared';
import { SPEC } from '@playhouse/shared/constants';
import { getTranslations } from 'next-intl/server';
import { Carousel } from '@/components/ui/carousel/carousel';
import { SlideContent, type SlideData } from '@/components/ui/carousel/slide-content';
import { getSlides } from '@/lib/api-client';
import { toAppPath } from '@/lib/links';
import { promotionHeadline } from '@/lib/promotion-terms';
import { sanitizeRichHtml } from '@/lib/sanitize';
import { bannerSlideClass, hasAnyBannerImage } from './banner-slides';

/** One banner: it receives the slide's data and the language (SPEC.md §2). */
export function BannerSlide({ slide, lng, priority }: { slide: SlideData; lng: Locale; priority: boolean }) {
  return <SlideContent slide={slide} lng={lng} priority={priority} />;
}

/**
 * SPEC.md §2, §4 and §9 "Banner slider" on the casino lobby (the category pages): one banner at a time, looping,
 * moving on every 7000 ms; dots and previous/next move it without stopping the autoplay (the picked banner gets its
 * full time), and only the pause control (WCAG 2.2.2) stops it. Renders nothing when no banner has an image; the
 * banners' HTML is sanitized here, on the server.
 */
export async function BannerSlider({ lng }: { lng: Locale }) {
  const [slides, t, ts, tt] = await Promise.all([
    getSlides(lng, 'banner'),
    getTranslations({ locale: lng, namespace: 'promotions' }),
    getTranslations({ locale: lng, namespace: 'slider' }),
    getTranslations({ locale: lng, namespace: 'promotionTerms' }),
  ]);
  if (!hasAnyBannerImage(slides)) return null;
  const total = slides.length;
  return (
    <Carousel
      variant="banner"
      className="banner-slider"
      autoplayMs={SPEC.bannerAutoplayMs}
      slides={slides.map((slide, index) => ({
        key: slide.id,
        className: bannerSlideClass(slide.slug),
        content: (
          <BannerSlide
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
        region: t('bannerLabel'),
        carousel: ts('carouselRole'),
        slideRole: ts('slideRole'),
        previous: t('previous'),
        next: t('next'),
        pause: t('pause'),
        play: t('play'),
        slide: slides.map((_, index) => t('slideLabel', { index: index + 1, total })),
        slideTemplate: t('slideLabel', { index: '{{index}}', total: '{{slidesLength}}' }),
        goTo: slides.map((_, index) => t('goTo', { index: index + 1 })),
      }}
    />
  );
}
