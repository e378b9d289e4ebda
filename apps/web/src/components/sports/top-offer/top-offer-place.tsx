import { SPEC } from '@playhouse/shared/constants';
import layout from '@/components/ui/layout.module.css';
import styles from './top-offer.module.css';
import { TopOfferSkeleton as TableSkeleton } from './top-offer-table';

/**
 * The top offer's place while the sports list loads, by the block's own rules: its header's and tabs' rows and a
 * table of the most matches it shows.
 */
export function TopOfferPlace() {
  return (
    <div className={styles.block}>
      <div className={`${layout.spread} ${layout.wide} ${styles.header}`}>
        <span className={styles.tab} />
      </div>
      <div className={styles.tabs}>
        <span className={styles.tab} />
      </div>
      <div className={styles.panel}>
        <TableSkeleton rows={SPEC.matchesShown} />
      </div>
    </div>
  );
}
