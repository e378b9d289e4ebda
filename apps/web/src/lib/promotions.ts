import { bonusInfosResponseSchema, type Locale } from '@playhouse/shared';
import { apiGet } from './api-client';

/** The bonus info block's entries in the visitor's language (SPEC.md §2 "Bonus info block"). */
export function getBonusInfos(locale: Locale) {
  return apiGet('/spa/bonus-infos', bonusInfosResponseSchema, { locale }).then((data) => data.bonusInfos);
}
