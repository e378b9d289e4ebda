import type { AdjustmentThresholdBody } from '@playhouse/shared/contracts/back-office-money';
import type { StaffAdjustmentBody } from '@playhouse/shared/contracts/cashbox';
import type { CampaignLimitBody } from '@playhouse/shared/contracts/marketing';
import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi, type TableQuery } from './office-api';

// The contracts (and zod) load with the first answer, as in the other area modules.
const money = () => import('@playhouse/shared/contracts/back-office-money');
const cashbox = () => import('@playhouse/shared/contracts/cashbox');
const staff = () => import('@playhouse/shared/contracts/staff');
const marketing = () => import('@playhouse/shared/contracts/marketing');

export const WITHDRAWALS_PATH = '/spa/staff/withdrawals';
export const PAYMENTS_PATH = '/spa/staff/payments';
export const ADJUSTMENTS_PATH = '/spa/staff/adjustments';
export const MONEY_SETTINGS_PATH = '/spa/staff/settings/money';

/** GET /spa/staff/withdrawals: one page of the withdrawal queue for the table's URL state. */
export function fetchWithdrawalQueue(lng: Locale, query: TableQuery) {
  return officeApi(WITHDRAWALS_PATH, lazySchema(money, 'staffWithdrawalPageSchema'), { locale: lng, query });
}

/** GET /spa/staff/withdrawals/{id}: the player, the amount, the history and the staff members who acted. */
export function fetchWithdrawalDetail(lng: Locale, id: string) {
  return officeApi(`${WITHDRAWALS_PATH}/${encodeURIComponent(id)}`, lazySchema(money, 'staffWithdrawalDetailSchema'), {
    locale: lng,
  });
}

/** POST /spa/staff/withdrawals/{id}/approve|pay|reject: a reason is required to reject. */
export function decideWithdrawal(lng: Locale, id: string, action: 'approve' | 'pay' | 'reject', reason?: string) {
  return officeApi(
    `${WITHDRAWALS_PATH}/${encodeURIComponent(id)}/${action}`,
    lazySchema(cashbox, 'staffWithdrawalResponseSchema'),
    { method: 'POST', locale: lng, body: action === 'reject' ? { reason } : {} },
  ).then((data) => data.withdrawal);
}

/** GET /spa/staff/payments: one page of the deposits. */
export function fetchPayments(lng: Locale, query: TableQuery) {
  return officeApi(PAYMENTS_PATH, lazySchema(money, 'staffPaymentPageSchema'), { locale: lng, query });
}

/** GET /spa/staff/payments/{id}: a deposit with every webhook it got and the provider's delivery attempts. */
export function fetchPaymentDetail(lng: Locale, id: string) {
  return officeApi(`${PAYMENTS_PATH}/${encodeURIComponent(id)}`, lazySchema(money, 'staffPaymentDetailSchema'), {
    locale: lng,
  });
}

/** GET /spa/staff/adjustments: one page of the manual adjustments. */
export function fetchAdjustments(lng: Locale, query: TableQuery) {
  return officeApi(ADJUSTMENTS_PATH, lazySchema(money, 'staffAdjustmentPageSchema'), { locale: lng, query });
}

/** POST /spa/staff/adjustments: asks (or, below the threshold, applies) a credit or debit; the key asks once. */
export function requestAdjustment(lng: Locale, body: StaffAdjustmentBody, idempotencyKey: string) {
  return officeApi(ADJUSTMENTS_PATH, lazySchema(staff, 'staffRequestResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
    idempotencyKey,
  }).then((data) => data.request);
}

/** POST /spa/staff/adjustments/{id}/approve|reject: a second member decides a pending adjustment. */
export function decideAdjustment(lng: Locale, id: string, decision: 'approve' | 'reject', reason?: string) {
  return officeApi(
    `${ADJUSTMENTS_PATH}/${encodeURIComponent(id)}/${decision}`,
    lazySchema(staff, 'staffRequestResponseSchema'),
    { method: 'POST', locale: lng, body: decision === 'reject' ? { reason } : {} },
  ).then((data) => data.request);
}

/** GET /spa/staff/settings/money: the four-eyes threshold of adjustments per currency. */
export function fetchMoneySettings(lng: Locale) {
  return officeApi(MONEY_SETTINGS_PATH, lazySchema(money, 'moneySettingsResponseSchema'), { locale: lng });
}

/** PUT /spa/staff/settings/money: an admin asks for one currency's threshold; a second admin approves it. */
export function setAdjustmentThreshold(lng: Locale, body: AdjustmentThresholdBody) {
  return officeApi(MONEY_SETTINGS_PATH, lazySchema(staff, 'staffRequestAcceptedSchema'), {
    method: 'PUT',
    locale: lng,
    body,
  }).then((data) => data.request);
}

export const CAMPAIGN_LIMITS_PATH = '/spa/staff/settings/campaign-limits';

/** GET /spa/staff/settings/campaign-limits: per currency, what no campaign passes. */
export function fetchCampaignLimits(lng: Locale) {
  return officeApi(CAMPAIGN_LIMITS_PATH, lazySchema(marketing, 'campaignLimitsResponseSchema'), { locale: lng });
}

/** PUT /spa/staff/settings/campaign-limits: an admin asks for one currency's limits; a second admin approves them. */
export function setCampaignLimits(lng: Locale, body: CampaignLimitBody) {
  return officeApi(CAMPAIGN_LIMITS_PATH, lazySchema(staff, 'staffRequestAcceptedSchema'), {
    method: 'PUT',
    locale: lng,
    body,
  }).then((data) => data.request);
}
