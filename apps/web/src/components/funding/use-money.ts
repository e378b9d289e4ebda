'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useLocale } from 'next-intl';
import { formatMoney } from '@/lib/account/money-format';

/** A money formatter in the page's locale for the player's currency. */
export function useMoney(currency: string) {
  const locale = useLocale() as Locale;
  return (amount: string) => formatMoney(amount, currency, locale);
}
