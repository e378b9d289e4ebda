import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi, type TableQuery } from './office-api';

const staff = () => import('@playhouse/shared/contracts/staff');

export const AUDIT_PATH = '/spa/staff/audit';

/** GET /spa/staff/audit: one page of the audit log for the table's URL state (filters, sort, page). */
export function fetchAuditPage(lng: Locale, query: TableQuery) {
  return officeApi(AUDIT_PATH, lazySchema(staff, 'auditResponseSchema'), { locale: lng, query });
}
