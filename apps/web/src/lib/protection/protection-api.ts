import {
  playerLimitsResponseSchema,
  protectionResponseSchema,
  realityCheckSchema,
  restrictionStatusSchema,
  statementResponseSchema,
  verificationSchema,
  documentSchema,
  type DocumentType,
  type LimitKind,
  type PlayerLimitPeriod,
  type RestrictBody,
} from '@playhouse/shared/contracts/protection';
import type { Locale } from '@playhouse/shared/locales';
import { z } from 'zod';
import { browserApi } from '../browser-api';

/** The player-protection calls of the browser (responsible gaming, verification, statement, reality checks). */
export const PROTECTION_KEY = '/spa/users/protection';
export const LIMITS_KEY = '/spa/users/limits';
export const REALITY_CHECK_KEY = '/spa/users/protection/reality-check';
export const DOCUMENTS_KEY = '/spa/users/documents';
export const STATEMENT_KEY = '/spa/users/statement';

export const getProtection = (lng: Locale) => browserApi(PROTECTION_KEY, protectionResponseSchema, { locale: lng });

export const getLimits = (lng: Locale) => browserApi(LIMITS_KEY, playerLimitsResponseSchema, { locale: lng });

export const setLimit = (lng: Locale, body: { kind: LimitKind; period: PlayerLimitPeriod; amount: string | null }) =>
  browserApi(LIMITS_KEY, playerLimitsResponseSchema, { method: 'PUT', locale: lng, body });

export const confirmLimit = (lng: Locale, body: { kind: LimitKind; period: PlayerLimitPeriod }) =>
  browserApi(`${LIMITS_KEY}/confirm`, playerLimitsResponseSchema, { method: 'POST', locale: lng, body });

export const getRealityCheck = (lng: Locale) => browserApi(REALITY_CHECK_KEY, realityCheckSchema, { locale: lng });

export const setRealityCheck = (lng: Locale, minutes: number | null) =>
  browserApi(REALITY_CHECK_KEY, realityCheckSchema, { method: 'PUT', locale: lng, body: { minutes } });

export const acknowledgeRealityCheck = (lng: Locale) =>
  browserApi(`${REALITY_CHECK_KEY}/acknowledge`, realityCheckSchema, { method: 'POST', locale: lng });

export const takeRestriction = (lng: Locale, body: RestrictBody) =>
  browserApi(`${PROTECTION_KEY}/restrictions`, restrictionStatusSchema, { method: 'POST', locale: lng, body });

export const requestReturn = (lng: Locale, password: string) =>
  browserApi(`${PROTECTION_KEY}/return`, restrictionStatusSchema, {
    method: 'POST',
    locale: lng,
    body: { password },
  });

export const getVerification = (lng: Locale) => browserApi(DOCUMENTS_KEY, verificationSchema, { locale: lng });

export function uploadDocument(lng: Locale, type: DocumentType, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return browserApi(`${DOCUMENTS_KEY}/${type}`, z.object({ document: documentSchema }), {
    method: 'POST',
    locale: lng,
    body: form,
  });
}

export const getStatement = (lng: Locale) => browserApi(STATEMENT_KEY, statementResponseSchema, { locale: lng });

/** The CSV download: a plain link (the language goes in the query, a link cannot send X-Locale). */
export const statementCsvHref = (lng: Locale) => `${STATEMENT_KEY}/csv?lng=${lng}`;
