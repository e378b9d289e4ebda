import type { ResponsiveImages } from '@playhouse/shared/contracts/content';
import styles from './carousel.module.css';

/** Breakpoints of the slide artwork (the same as SPEC.md §9's bonus image breakpoints). */
export const SLIDE_MEDIA = { tablet: '(min-width: 600px)', desktop: '(min-width: 1024px)' } as const;
/** Artwork size per device; the slide box keeps these proportions before any image arrives, so nothing moves. */
export const SLIDE_SIZES = {
  mobile: { width: 600, height: 400 },
  tablet: { width: 1024, height: 400 },
  desktop: { width: 1920, height: 500 },
} as const;

/** Each device's own range, so that the preloads of a first slide fetch one image, the one its <picture> picks. */
const PRELOAD_MEDIA = {
  mobile: '(max-width: 599.98px)',
  tablet: '(min-width: 600px) and (max-width: 1023.98px)',
  desktop: SLIDE_MEDIA.desktop,
} as const;

/**
 * Responsive background artwork: phone, tablet and desktop images chosen by the browser, each falling back to another.
 * A priority slide (the first, the page's largest paint) is also preloaded from <head> (React hoists the links), so its
 * image starts loading with the stylesheets rather than once the body that holds it has streamed in.
 */
export function SlidePicture({ images, priority }: { images: ResponsiveImages; priority: boolean }) {
  const mobile = images.mobile ?? images.tablet ?? images.desktop;
  const tablet = images.tablet ?? images.desktop ?? images.mobile;
  const desktop = images.desktop ?? images.tablet ?? images.mobile;
  if (!mobile || !tablet || !desktop) return <div className={styles.media} />;
  return (
    <>
      {priority &&
        (['mobile', 'tablet', 'desktop'] as const).map((device) => (
          <link
            key={device}
            rel="preload"
            as="image"
            href={{ mobile, tablet, desktop }[device]}
            media={PRELOAD_MEDIA[device]}
            fetchPriority="high"
          />
        ))}
      <picture className={styles.media}>
        <source media={SLIDE_MEDIA.desktop} srcSet={desktop} {...SLIDE_SIZES.desktop} />
        <source media={SLIDE_MEDIA.tablet} srcSet={tablet} {...SLIDE_SIZES.tablet} />
        <img
          className={styles.image}
          src={mobile}
          alt=""
          {...SLIDE_SIZES.mobile}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
      </picture>
    </>
  );
}
