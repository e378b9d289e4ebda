import type { ResponsiveImages } from '@playhouse/shared/contracts/content';
import { preload } from 'react-dom';
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
 * A priority slide (the first, the page's largest paint) is also preloaded, each device's image for its own screens,
 * through React's resource queue: on the server that is the answer's `Link` header (or, past its room, the top of
 * `<head>`, before the stylesheets), so its image starts loading before the page's scripts and stylesheets rather than
 * once the parser reaches it. React preloads no `<img>` inside a `<picture>` by itself (the sources may choose
 * another), so this is the one preload, of the one image each screen's `<picture>` picks.
 */
export function SlidePicture({ images, priority }: { images: ResponsiveImages; priority: boolean }) {
  const mobile = images.mobile ?? images.tablet ?? images.desktop;
  const tablet = images.tablet ?? images.desktop ?? images.mobile;
  const desktop = images.desktop ?? images.tablet ?? images.mobile;
  if (!mobile || !tablet || !desktop) return <div className={styles.media} />;
  if (priority) {
    const byDevice = { mobile, tablet, desktop };
    for (const device of ['mobile', 'tablet', 'desktop'] as const)
      preload(byDevice[device], { as: 'image', media: PRELOAD_MEDIA[device], fetchPriority: 'high' });
  }
  return (
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
  );
}
