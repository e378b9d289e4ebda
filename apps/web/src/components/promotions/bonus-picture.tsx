import type { ResponsiveImages } from '@playhouse/shared/contracts/content';
import { SPEC } from '@playhouse/shared/constants';
import { SLIDE_SIZES as SIZES } from '@/components/ui/carousel/slide-picture';
import styles from './bonus-info-block.module.css';

const { mobileMax, tabletMax, desktopMin } = SPEC.bonusImageBreakpoints;

/** SPEC.md §2/§9: the mobile image up to 599 px, the tablet one up to 1023 px, the desktop one from 1024 px. */
export const BONUS_MEDIA = {
  mobile: `(max-width: ${mobileMax}px)`,
  tablet: `(max-width: ${tabletMax}px)`,
  desktop: `(min-width: ${desktopMin}px)`,
} as const;

/** A bonus's artwork; a device without its own image gets the nearest other one. */
export function BonusPicture({ images, priority }: { images: ResponsiveImages; priority: boolean }) {
  const mobile = images.mobile ?? images.tablet ?? images.desktop;
  const tablet = images.tablet ?? images.desktop ?? images.mobile;
  const desktop = images.desktop ?? images.tablet ?? images.mobile;
  if (!mobile || !tablet || !desktop) return null;
  return (
    <picture className={styles.picture}>
      <source media={BONUS_MEDIA.mobile} srcSet={mobile} {...SIZES.mobile} />
      <source media={BONUS_MEDIA.tablet} srcSet={tablet} {...SIZES.tablet} />
      <img
        className={styles.image}
        src={desktop}
        alt=""
        {...SIZES.desktop}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
      />
    </picture>
  );
}
