import type { CashOutSportBody } from '@playhouse/shared/contracts/cash-out';
import type { Locale } from '@playhouse/shared/locales';
import { z } from 'zod';
import { lazySchema } from '../browser-api';
import { officeApi } from './office-api';

// The contracts (and zod) load with the first answer, as in the other area modules.
const cashOut = () => import('@playhouse/shared/contracts/cash-out');

const cashOutValueSchema = z.object({
  values: z.array(z.object({ outcomeId: z.number().int(), currency: z.string(), cashOutValue: z.string() })),
});

/** GET /spa/staff/trading/cash-out: every sport's margin and switches, and the matches with cash out off. */
export function fetchCashOutSettings(lng: Locale) {
  return officeApi('/spa/staff/trading/cash-out', lazySchema(cashOut, 'cashOutSettingsResponseSchema'), {
    locale: lng,
  });
}

/** PUT /spa/staff/trading/cash-out/sports/{id}: one sport's margin, switch and wagering rule (audited). */
export function saveCashOutSport(lng: Locale, sportId: number, body: CashOutSportBody) {
  return officeApi(
    `/spa/staff/trading/cash-out/sports/${sportId}`,
    lazySchema(cashOut, 'cashOutSettingsResponseSchema'),
    { method: 'PUT', locale: lng, body },
  );
}

/** PUT /spa/staff/trading/cash-out/matches/{id}: cash out off (or back on) for one match (audited). */
export function setCashOutMatch(lng: Locale, matchId: number, enabled: boolean) {
  return officeApi(
    `/spa/staff/trading/cash-out/matches/${matchId}`,
    lazySchema(cashOut, 'cashOutMatchResponseSchema'),
    { method: 'PUT', locale: lng, body: { enabled } },
  );
}

/** GET /spa/staff/trading/cash-out/matches/{id}/value: per outcome and currency, the open bets' cash-out prices. */
export function fetchCashOutValue(lng: Locale, matchId: number) {
  return officeApi(`/spa/staff/trading/cash-out/matches/${matchId}/value`, cashOutValueSchema, { locale: lng }).then(
    (data) => data.values,
  );
}
