import {
  JURISDICTION_PROFILES,
  type DocumentType,
  type JurisdictionCode,
  type JurisdictionProfile,
  type VerificationGate,
} from '@playhouse/shared';

export interface JurisdictionConfig {
  /** The installation's profile: visitors, and players whose country has none of its own. */
  active: JurisdictionCode;
  /** Country (ISO 3166 alpha-2, upper case) → profile. */
  countries: Record<string, JurisdictionCode>;
}

export const DEFAULT_JURISDICTION_CONFIG: JurisdictionConfig = { active: 'default', countries: {} };

export type Jurisdictions = ReturnType<typeof createJurisdictions>;

export function createJurisdictions(config: JurisdictionConfig) {
  const active: JurisdictionProfile = JURISDICTION_PROFILES[config.active];
  return {
    active,
    countries: config.countries,
    /** The profile a player follows: their country's, else the installation's. */
    forCountry(country: string | null | undefined): JurisdictionProfile {
      const code = country ? config.countries[country.toUpperCase()] : undefined;
      return code ? JURISDICTION_PROFILES[code] : active;
    },
  };
}

/** Documents the profile asks for before `gate`. */
export function gateDocuments(profile: JurisdictionProfile, gate: VerificationGate): readonly DocumentType[] {
  return profile.gates[gate] ?? [];
}
