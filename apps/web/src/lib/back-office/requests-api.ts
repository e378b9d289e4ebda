import type { StaffRequestStatus } from '@playhouse/shared/contracts/staff';
import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi } from './office-api';

const staff = () => import('@playhouse/shared/contracts/staff');

/** The back-office areas whose changes wait for a second pair of eyes, and where their requests live. */
export const REQUEST_AREAS = {
  accounts: '/spa/staff/accounts/requests',
  settings: '/spa/staff/settings/requests',
  campaigns: '/spa/staff/campaigns/requests',
  trading: '/spa/staff/trading/requests',
} as const;
export type RequestArea = keyof typeof REQUEST_AREAS;

/** GET /spa/staff/{area}/requests: the area's four-eyes requests, newest first. */
export function fetchRequests(lng: Locale, area: RequestArea, status: StaffRequestStatus = 'pending') {
  return officeApi(REQUEST_AREAS[area], lazySchema(staff, 'staffFourEyesRequestsResponseSchema'), {
    locale: lng,
    query: { status, perPage: 100 },
  });
}

/** POST /spa/staff/{area}/requests/{id}/approve|reject: a second member decides (the asker may withdraw). */
export function decideRequest(
  lng: Locale,
  area: RequestArea,
  id: string,
  decision: 'approve' | 'reject',
  reason?: string,
) {
  return officeApi(`${REQUEST_AREAS[area]}/${id}/${decision}`, lazySchema(staff, 'staffRequestResponseSchema'), {
    method: 'POST',
    locale: lng,
    ...(decision === 'reject' ? { body: { reason } } : {}),
  }).then((answer) => answer.request);
}
