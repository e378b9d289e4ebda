import type { Locale } from '@playhouse/shared';
import { getTranslations } from 'next-intl/server';
import { getSlides } from '@/lib/api-client';
import { toAppPath } from '@/lib/links';
import { sanitizeRichHtml } from '@/lib/sanitize';
import { BannerSliderCarousel, type BannerSlideData } from './banner-slider-carousel';
import { hasAnyBannerImage } from './banner-slides';

/**
 * SPEC.md §2 "Banner slider" on the casino lobby (the category pages). Renders nothing when no banner has an image;
 * the slides' HTML is sanitized here, on the server.
 */
export async function BannerSlider({ lng }: { lng: Locale }) {
  const [slides, t] = await Promise.all([
    getSlides(lng, 'banner'),
    getTranslations({ locale: lng, namespace: 'promotions' }),
  ]);
  if (!hasAnyBannerImage(slides)) return null;
  const prepared: BannerSlideData[] = slides.map((slide) => ({
    id: slide.id,
    slug: slide.slug,
    images: slide.images,
    html: sanitizeRichHtml(slide.bodyTranslated),
    buttonText: slide.btnTextKeyTranslated,
    href: toAppPath(slide.url),
  }));
  return (
    <BannerSliderCarousel
      lng={lng}
      slides={prepared}
      labels={{
        region: t('bannerLabel'),
        previous: t('previous'),
        next: t('next'),
        pause: t('pause'),
        play: t('play'),
        slide: prepared.map((_, index) => t('slideLabel', { index: index + 1, total: prepared.length })),
        goTo: prepared.map((_, index) => t('goTo', { index: index + 1 })),
      }}
    />
  );
}
