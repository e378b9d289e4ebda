import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi } from './office-api';

const staff = () => import('@playhouse/shared/contracts/staff');

/** GET /spa/staff/me: the signed-in staff member, their roles, permissions and the session's idle limit. */
export function fetchStaffMe(lng: Locale) {
  return officeApi('/spa/staff/me', lazySchema(staff, 'staffMeResponseSchema'), { locale: lng });
}
