import type { Slide } from '@playhouse/shared/contracts/content';

/** SPEC.md §2 "Banner slider": it shows at all only when some slide has an image for some device. */
export function hasAnyBannerImage(slides: readonly Pick<Slide, 'images'>[]): boolean {
  return slides.some(({ images }) => Boolean(images.mobile || images.tablet || images.desktop));
}

/** The CSS class a banner slide carries, made from its slug (anything outside [a-z0-9-] becomes a dash). */
export function bannerSlideClass(slug: string): string {
  return `banner-slide-${slug.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}`;
}
