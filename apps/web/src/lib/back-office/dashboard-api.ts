import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi, type TableQuery } from './office-api';

const contracts = () => import('@playhouse/shared/contracts/dashboard');

/** GET /spa/staff/dashboard: the figures of the period the address names (from, to) and of today, per currency. */
export function fetchDashboard(lng: Locale, query: TableQuery) {
  return officeApi('/spa/staff/dashboard', lazySchema(contracts, 'dashboardResponseSchema'), {
    locale: lng,
    query: { from: query.from, to: query.to },
  });
}
