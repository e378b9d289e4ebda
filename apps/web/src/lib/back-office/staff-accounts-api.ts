import type { StaffCreateAccountBody } from '@playhouse/shared/contracts/staff';
import type { StaffRole } from '@playhouse/shared/staff/permissions';
import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi } from './office-api';

const staff = () => import('@playhouse/shared/contracts/staff');

/** GET /spa/staff/accounts: every staff account with its roles, status and second factor. */
export function fetchStaffAccounts(lng: Locale) {
  return officeApi('/spa/staff/accounts', lazySchema(staff, 'staffAccountsResponseSchema'), { locale: lng });
}

/** POST /spa/staff/accounts: a new staff member, who sets up TOTP at the first sign-in. */
export function createStaffAccount(lng: Locale, body: StaffCreateAccountBody) {
  return officeApi('/spa/staff/accounts', lazySchema(staff, 'staffAccountResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
  }).then((answer) => answer.account);
}

/** PUT /spa/staff/accounts/{id}/roles: replaces a staff member's roles. */
export function setStaffRoles(lng: Locale, id: number, roles: StaffRole[]) {
  return officeApi(`/spa/staff/accounts/${id}/roles`, lazySchema(staff, 'staffAccountResponseSchema'), {
    method: 'PUT',
    locale: lng,
    body: { roles },
  }).then((answer) => answer.account);
}

/** POST /spa/staff/accounts/{id}/block|unblock|reset-totp, with the reason the audit log keeps. */
export function staffAccountAction(
  lng: Locale,
  id: number,
  action: 'block' | 'unblock' | 'reset-totp',
  reason: string,
) {
  return officeApi(`/spa/staff/accounts/${id}/${action}`, lazySchema(staff, 'staffAccountResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: { reason },
  }).then((answer) => answer.account);
}
