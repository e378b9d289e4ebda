'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { Link } from '@/i18n/navigation';
import { formatMoney } from '@/lib/account/money-format';
import { getStatement, STATEMENT_KEY } from '@/lib/protection/protection-api';

/** Deposits minus withdrawals over the account's life, with the way to the full statement. */
export function NetDeposits({ lng }: { lng: Locale }) {
  const t = useTranslations('protection');
  const { data } = useSWR([STATEMENT_KEY, lng], () => getStatement(lng), SWR_OPTIONS);
  if (!data) return null;
  return (
    <p>
      {t('statement.netDeposits', { amount: formatMoney(data.netDeposits, data.currency, lng) })}{' '}
      <Link href="/statement">{t('nav.statement')}</Link>
    </p>
  );
}
