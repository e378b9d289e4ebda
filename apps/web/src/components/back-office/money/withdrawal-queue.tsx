'use client';

import { WITHDRAWAL_STATUSES } from '@playhouse/shared/contracts/cashbox';
import type { Locale } from '@playhouse/shared/locales';
import { WITHDRAWALS_PATH, fetchWithdrawalQueue } from '@/lib/back-office/money-api';
import { MoneyList } from './money-list';

/** The withdrawal queue: filters in the address, the server pages and sorts, each row opens the withdrawal's page. */
export function WithdrawalQueue({ lng }: { lng: Locale }) {
  return (
    <MoneyList
      lng={lng}
      area="withdrawals"
      statuses={WITHDRAWAL_STATUSES}
      dateHeader="requestedAt"
      fetchPage={(query) => fetchWithdrawalQueue(lng, query)}
      csvPath={WITHDRAWALS_PATH}
    />
  );
}
