'use client';

import { ODD_TYPES, isOddType, type OddType } from '@playhouse/shared/odds';
import type { Locale } from '@playhouse/shared/locales';
import { useId } from 'react';
import styles from './odds-format-switcher.module.css';
import { useOddType } from './use-odd-type';

export type OddsFormatLabels = { title: string; types: Record<OddType, string> };

/** The switcher's texts from a translator of the `sports` namespace (server or client). */
export function oddsFormatLabels(t: (key: 'oddsFormat' | `oddTypes.${OddType}`) => string): OddsFormatLabels {
  return {
    title: t('oddsFormat'),
    types: {
      decimal: t('oddTypes.decimal'),
      fractional: t('oddTypes.fractional'),
      american: t('oddTypes.american'),
      hongKong: t('oddTypes.hongKong'),
      indonesian: t('oddTypes.indonesian'),
      malay: t('oddTypes.malay'),
    },
  };
}

/** Lets the visitor pick one of the six odds formats (SPEC.md §3 "Odd type setting"); every odds cell follows. */
export function OddsFormatSwitcher({ lng, labels }: { lng: Locale; labels: OddsFormatLabels }) {
  const [oddType, setOddType] = useOddType(lng);
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
