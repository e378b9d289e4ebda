import type { StaffInviteBody } from '@playhouse/shared/contracts/staff';
import type { StaffRole } from '@playhouse/shared/staff/permissions';
import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi } from './office-api';

const staff = () => import('@playhouse/shared/contracts/staff');

/** GET /spa/staff/accounts: every staff account with its roles, status and second factor. */
export function fetchStaffAccounts(lng: Locale) {
  return officeApi('/spa/staff/accounts', lazySchema(staff, 'staffAccountsResponseSchema'), { locale: lng });
}

/**
 * POST /spa/staff/accounts: invites a staff member (the link goes to their address; they set their own password and
 * second factor). Answers the invitation, or the request a second admin approves for roles touching money or players.
 */
export function inviteStaff(lng: Locale, body: StaffInviteBody) {
  return officeApi('/spa/staff/accounts', lazySchema(staff, 'staffInviteAnswerSchema'), {
    method: 'POST',
    locale: lng,
    body,
  });
}

/** GET /spa/staff/accounts/invitations: invitations not yet accepted. */
export function fetchStaffInvitations(lng: Locale) {
  return officeApi('/spa/staff/accounts/invitations', lazySchema(staff, 'staffInvitationsResponseSchema'), {
    locale: lng,
  });
}

/** PUT /spa/staff/accounts/{id}/roles: narrowing is done at once; a grant answers the request a second admin approves. */
export function setStaffRoles(lng: Locale, id: number, roles: StaffRole[]) {
  return officeApi(`/spa/staff/accounts/${id}/roles`, lazySchema(staff, 'staffRolesAnswerSchema'), {
    method: 'PUT',
    locale: lng,
    body: { roles },
  });
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
