'use client';

import type { FundingSplit as Split } from '@playhouse/shared/contracts/funding';
import { useLocale, useTranslations } from 'next-intl';
import { isPositive } from '@/lib/funding/funding';
import styles from './funding.module.css';
import { useMoney } from './use-money';

/**
 * The split a bet or a round used, as recorded when its money moved: how its stake was paid and where its payout
 * went (cash, the bonus balance, back with an ended bonus, kept against a debt).
 */
export function FundingSplit({ split, currency }: { split: Split; currency: string }) {
  const t = useTranslations('funding.split');
  const money = useMoney(currency);
  const locale = useLocale();
  const list = (parts: [string, string][]) => {
    const shown = parts.filter(([, amount]) => isPositive(amount));
    if (shown.length === 0) return t('nothing');
    const texts = shown.map(([key, amount]) => t(key, { amount: money(amount) }));
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(texts);
  };
  const { stake, payout } = split;
  return (
    <dl className={styles.split}>
      <div>
        <dt>{t('stake')}</dt>
        <dd>
          {list([
            ['cash', stake.cash],
            ['bonus', stake.bonus],
            ['freeSpin', stake.freeSpin],
          ])}
        </dd>
      </div>
      {payout ? (
        <div>
          <dt>{t('payout')}</dt>
          <dd>
            {list([
              ['cash', payout.cash],
              ['bonus', payout.bonus],
              ['bonusPool', payout.bonusPool],
              ['withheld', payout.withheld],
            ])}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
