import type { ResponsiveImages } from '@playhouse/shared/contracts/content';
import type { Locale } from '@playhouse/shared/locales';
import { Link } from '@/i18n/navigation';
import styles from './carousel.module.css';
import { SlidePicture } from './slide-picture';

export type SlideData = {
  id: number;
  slug: string;
  images: ResponsiveImages;
  /** Already sanitized on the server. */
  html: string;
  buttonText: string;
  /** Path without the locale prefix. */
  href: string;
  /** The advertised campaign's offer in one line, from the campaign itself (absent: the slide offers none). */
  terms?: string | null;
};

/** A slide of either slider: its artwork, its HTML body and its button to /{lng}/{url} (SPEC.md §2). */
export function SlideContent({ slide, lng, priority }: { slide: SlideData; lng: Locale; priority: boolean }) {
  return (
    <>
      <SlidePicture images={slide.images} priority={priority} />
      <div className={styles.content}>
        <div className={`${styles.body} rich-text`} dangerouslySetInnerHTML={{ __html: slide.html }} />
        {slide.terms ? <p className={styles.terms}>{slide.terms}</p> : null}
        {slide.buttonText ? (
          <Link href={slide.href} locale={lng} className={styles.button}>
            {slide.buttonText}
          </Link>
        ) : null}
      </div>
    </>
  );
}
