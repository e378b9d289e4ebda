import type { Locale } from '@playhouse/shared/locales';
import { getTranslations } from 'next-intl/server';
import { Carousel } from '@/components/ui/carousel/carousel';
import { SlideContent } from '@/components/ui/carousel/slide-content';
import { slidePositionLabels, slidesData } from '@/components/ui/carousel/slides-from-api';
import { getSlides } from '@/lib/api-client';

/**
 * SPEC.md §2 "Home-page slider": responsive artwork, an HTML body and a button to /{lng}/{url} per slide. The slides'
 * HTML is sanitized and the texts translated here, on the server, so the browser gets no sanitizer and no translator.
 */
export async function HomeSlider({ lng }: { lng: Locale }) {
  const [slides, t] = await Promise.all([
    getSlides(lng, 'home'),
    getTranslations({ locale: lng, namespace: 'slider' }),
  ]);
  if (slides.length === 0) return null;
  const data = await slidesData(lng, slides);
  return (
    <Carousel
      variant="hero"
      slides={data.map((slide, index) => ({
        key: slide.id,
        className: `slide-${slide.slug}`,
        content: <SlideContent lng={lng} priority={index === 0} slide={slide} />,
      }))}
      labels={{
        region: t('label'),
        carousel: t('carouselRole'),
        slideRole: t('slideRole'),
        previous: t('previous'),
        next: t('next'),
        ...slidePositionLabels(t, slides.length),
      }}
    />
  );
}
