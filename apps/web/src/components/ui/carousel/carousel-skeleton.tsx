import 'swiper/css';
import styles from './carousel.module.css';

/**
 * The place a carousel takes while its slides load, drawn with the carousel's own elements and rules (Swiper's too):
 * a slide's artwork box and text box and the controls' row, so the slides arrive in a box of the same size at every
 * screen width.
 */
export function CarouselSkeleton({ variant }: { variant: 'hero' | 'banner' }) {
  return (
    <div className={`${styles.carousel} ${styles[variant]}`}>
      <div className={`swiper ${styles.viewport}`}>
        <div className="swiper-wrapper">
          <div className={`swiper-slide ${styles.slide}`}>
            <div className={styles.media} />
            <div className={styles.content} />
          </div>
        </div>
      </div>
      <div className={styles.controls}>
        <span className={styles.controlPlace} />
      </div>
    </div>
  );
}
