import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi } from './office-api';

// The contracts (and zod) load with the first answer, as in the other area modules.
const inPlay = () => import('@playhouse/shared/contracts/in-play');

/** GET /spa/staff/trading/in-play: the matches in play with their state, markets and open bets. */
export function fetchInPlayDesk(lng: Locale) {
  return officeApi('/spa/staff/trading/in-play', lazySchema(inPlay, 'inPlayDeskResponseSchema'), { locale: lng }).then(
    (data) => data.items,
  );
}

/** GET /spa/staff/trading/sports: every sport's bet delay. */
export function fetchSportSettings(lng: Locale) {
  return officeApi('/spa/staff/trading/sports', lazySchema(inPlay, 'sportTradingSettingsResponseSchema'), {
    locale: lng,
  }).then((data) => data.items);
}

/** PUT /spa/staff/trading/sports/{id}: a sport's bet delay (audited). */
export function saveBetDelay(lng: Locale, sportId: number, betDelayMs: number) {
  return officeApi(`/spa/staff/trading/sports/${sportId}`, lazySchema(inPlay, 'sportTradingSettingResponseSchema'), {
    method: 'PUT',
    locale: lng,
    body: { betDelayMs },
  }).then((data) => data.setting);
}
