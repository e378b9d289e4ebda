import type { OddType } from '@playhouse/shared/odds';

// Not in odds-format-switcher.tsx: a server component (the top offer) calls this, and a client module's functions
// cannot be called on the server.
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
