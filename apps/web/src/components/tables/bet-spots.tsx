'use client';

import type { Locale } from '@playhouse/shared/locales';
import { formatAmount } from '@/components/originals/format';
import { addAmounts } from './stake-controls';
import styles from './tables.module.css';

/** The chips on a table of named places: place key → stake. */
export type Stakes = Record<string, string>;

export function addChip(stakes: Stakes, key: string, chip: string): Stakes {
  return { ...stakes, [key]: stakes[key] ? addAmounts(stakes[key], chip) : chip };
}

/** Places on the table a chip is put on by a click (or Enter/Space); each says its stake once it has one. */
export function BetSpots({
  lng,
  currency,
  label,
  spots,
  stakes,
  onPlace,
  disabled,
}: {
  lng: Locale;
  currency: string;
  label: string;
  spots: { key: string; label: string }[];
  stakes: Stakes;
  onPlace: (key: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className={styles.spots} role="group" aria-label={label}>
      {spots.map((spot) => {
        const stake = stakes[spot.key];
        return (
          <button
            key={spot.key}
            type="button"
            className={styles.spot}
            data-staked={Boolean(stake)}
            disabled={disabled}
            onClick={() => onPlace(spot.key)}
          >
            <span>{spot.label}</span>
            {stake ? <span className={styles.spotStake}>{formatAmount(stake, currency, lng)}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
