import type { JurisdictionProfile } from './contracts/protection';

/**
 * The jurisdiction profiles an installation can run under (JURISDICTION), and per player country
 * (JURISDICTION_COUNTRIES, e.g. "GB=uk,MT=mga"). A profile says which actions need verified documents, the reality
 * check's default, whether a deposit limit must be set before the first deposit, the bonus wagering cap, whether demo
 * play needs age verification and whether casino and sports play mix in one bonus's wagering.
 */
export const JURISDICTION_CODES = ['default', 'uk', 'mga'] as const;
export type JurisdictionCode = (typeof JURISDICTION_CODES)[number];

export const JURISDICTION_PROFILES: Record<JurisdictionCode, JurisdictionProfile> = {
  default: {
    code: 'default',
    name: 'Permissive default',
    gates: { deposit: [], realPlay: [], demoPlay: [], withdrawal: [] },
    realityCheckDefaultMinutes: null,
    limitsRequiredAtRegistration: false,
    maxBonusWagering: null,
    demoNeedsAgeVerification: false,
    combineCasinoAndSportsBonuses: true,
  },
  // UK Gambling Commission (RTS, LCCP): age and identity verified before any gambling, free-to-play included;
  // wagering requirements at most 10x; no mixing of products in one bonus.
  uk: {
    code: 'uk',
    name: 'UK-like (UKGC)',
    gates: { deposit: ['identity'], realPlay: ['identity'], demoPlay: ['identity'], withdrawal: ['identity'] },
    realityCheckDefaultMinutes: 60,
    limitsRequiredAtRegistration: false,
    maxBonusWagering: 10,
    demoNeedsAgeVerification: true,
    combineCasinoAndSportsBonuses: false,
  },
  // Malta Gaming Authority (Player Protection Directive): limits set during registration, verification before the
  // first withdrawal.
  mga: {
    code: 'mga',
    name: 'MGA-like (Malta)',
    gates: { deposit: [], realPlay: [], demoPlay: [], withdrawal: ['identity'] },
    realityCheckDefaultMinutes: 60,
    limitsRequiredAtRegistration: true,
    maxBonusWagering: null,
    demoNeedsAgeVerification: false,
    combineCasinoAndSportsBonuses: true,
  },
};

export function isJurisdictionCode(value: string): value is JurisdictionCode {
  return (JURISDICTION_CODES as readonly string[]).includes(value);
}

/** Parses "GB=uk,MT=mga"; every problem is reported. */
export function parseJurisdictionCountries(text: string | undefined): {
  countries: Record<string, JurisdictionCode>;
  issues: string[];
} {
  const countries: Record<string, JurisdictionCode> = {};
  const issues: string[] = [];
  for (const part of (text ?? '').split(',').map((item) => item.trim())) {
    if (!part) continue;
    const [country, code] = part.split('=').map((item) => item.trim());
    if (!country || !/^[A-Za-z]{2}$/.test(country) || !code || !isJurisdictionCode(code)) {
      issues.push(`JURISDICTION_COUNTRIES: "${part}" is not COUNTRY=${JURISDICTION_CODES.join('|')}`);
      continue;
    }
    countries[country.toUpperCase()] = code;
  }
  return { countries, issues };
}
