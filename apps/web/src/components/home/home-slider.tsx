import type { Locale } from '@playhouse/shared';
import { getSlides } from '@/lib/api-client';
import { toAppPath } from '@/lib/links';
import { sanitizeRichHtml } from '@/lib/sanitize';
import { HomeSliderCarousel, type HomeSlide } from './home-slider-carousel';

/** SPEC.md §2 "Home-page slider": the slides' HTML is sanitized here, on the server, so the browser gets no sanitizer. */
export async function HomeSlider({ lng }: { lng: Locale }) {
  const slides = await getSlides(lng, 'home');
  if (slides.length === 0) return null;
  const prepared: HomeSlide[] = slides.map((slide) => ({
    id: slide.id,
    slug: slide.slug,
    images: slide.images,
    html: sanitizeRichHtml(slide.bodyTranslated),
    buttonText: slide.btnTextKeyTranslated,
    href: toAppPath(slide.url),
  }));
  return <HomeSliderCarousel slides={prepared} />;
}
