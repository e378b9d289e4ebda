import type { Locale } from '@playhouse/shared';
import { SPEC } from '@playhouse/shared/constants';
import { getTranslations } from 'next-intl/server';
import { Carousel } from '@/components/ui/carousel/carousel';
import { SlideContent, type SlideData } from '@/components/ui/carousel/slide-content';
import { slidePositionLabels, slidesData } from '@/components/ui/carousel/slides-from-api';
import { getSlides } from '@/lib/api-client';
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
  const [slides, t, ts] = await Promise.all([
    getSlides(lng, 'banner'),
    getTranslations({ locale: lng, namespace: 'promotions' }),
    getTranslations({ locale: lng, namespace: 'slider' }),
  ]);
  if (!hasAnyBannerImage(slides)) return null;
  const data = await slidesData(lng, slides);
  return (
    <Carousel
      variant="banner"
      className="banner-slider"
      autoplayMs={SPEC.bannerAutoplayMs}
      slides={data.map((slide, index) => ({
        key: slide.id,
        className: bannerSlideClass(slide.slug),
        content: <BannerSlide lng={lng} priority={index === 0} slide={slide} />,
      }))}
      labels={{
        region: t('bannerLabel'),
        carousel: ts('carouselRole'),
        slideRole: ts('slideRole'),
        previous: t('previous'),
        next: t('next'),
        pause: t('pause'),
        play: t('play'),
        ...slidePositionLabels(t, slides.length),
      }}
    />
  );
}
