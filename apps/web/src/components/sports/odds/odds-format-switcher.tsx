'use client';

import { ODD_TYPES, isOddType, type OddType } from '@playhouse/shared/odds';
import type { Locale } from '@playhouse/shared/locales';
import { useId } from 'react';
import type { OddsFormatLabels } from './odds-format-labels';
import styles from './odds-format-switcher.module.css';
import { useOddType } from './use-odd-type';

/** Lets the visitor pick one of the six odds formats (SPEC.md §3 "Odd type setting"); every odds cell follows. */
export function OddsFormatSwitcher({
  lng,
  labels,
  siteOddType,
}: {
  lng: Locale;
  labels: OddsFormatLabels;
  /** The language's format, when the server read it (see useOddType). */
  siteOddType?: OddType;
}) {
  const [oddType, setOddType] = useOddType(lng, siteOddType);
  const id = useId();
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={styles.label}>
        {labels.title}
      </label>
      <select
        id={id}
        className={styles.select}
        value={oddType}
        onChange={(event) => {
          if (isOddType(event.target.value)) setOddType(event.target.value);
        }}
      >
        {ODD_TYPES.map((type) => (
          <option key={type} value={type}>
            {labels.types[type]}
          </option>
        ))}
      </select>
    </div>
  );
}
