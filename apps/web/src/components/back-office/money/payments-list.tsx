'use client';

import { DEPOSIT_STATUSES } from '@playhouse/shared/contracts/cashbox';
import type { Locale } from '@playhouse/shared/locales';
import { PAYMENTS_PATH, fetchPayments } from '@/lib/back-office/money-api';
import { MoneyList } from './money-list';

/** The deposits of all players; each row opens the payment with its webhook history. */
export function PaymentsList({ lng }: { lng: Locale }) {
  return (
    <MoneyList
      lng={lng}
      area="payments"
      statuses={DEPOSIT_STATUSES}
      dateHeader="createdAt"
      fetchPage={(query) => fetchPayments(lng, query)}
      csvPath={PAYMENTS_PATH}
    />
  );
}
