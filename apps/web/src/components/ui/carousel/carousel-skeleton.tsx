import styles from './carousel.module.css';

/** The place a carousel takes while its slides load: the artwork box at its final size and the controls' row. */
export function CarouselSkeleton({ variant }: { variant: 'hero' | 'banner' }) {
  return (
    <div className={`${styles.carousel} ${styles[variant]}`}>
      <div className={styles.media} />
      <div className={`${styles.controls} ${styles.skeletonControls}`} />
    </div>
  );
}
