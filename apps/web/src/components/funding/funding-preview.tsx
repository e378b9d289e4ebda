'use client';

import type { FundingBonus } from '@playhouse/shared/contracts/funding';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useErrorText } from '@/components/ui/use-error-text';
import { ApiError } from '@/lib/api-error';
import { isPositive, type FundingView } from '@/lib/funding/funding';
import styles from './funding.module.css';
import { useBonusName } from './use-bonus-name';
import type { FundingPreviewState } from './use-funding-preview';
import { useMoney } from './use-money';

/** What the bonus's rules hold for this stake, one line each. */
function BonusRules({
  rules,
  product,
  currency,
}: {
  rules: FundingBonus;
  product: 'sports' | 'casino';
  currency: string;
}) {
  const t = useTranslations('funding.rules');
  const money = useMoney(currency);
  const name = useBonusName();
  if (!rules.takesPart) {
    return (
      <ul className={styles.rules}>
        <li>{t('bonus', { name: name(rules) })}</li>
        <li>{t('notTakingPart', { product })}</li>
      </ul>
    );
  }
  const minOdd = rules.minOdd === null ? '' : rules.minOdd.toFixed(2);
  const counts = !isPositive(rules.counts)
    ? product === 'sports' && rules.contributionPercent > 0
      ? t('countsNothingOdds', { minOdd })
      : t('countsNothing')
    : rules.countsWhen === 'settled'
      ? t('countsSettled', { amount: money(rules.counts), percent: rules.contributionPercent, minOdd })
      : t('countsTaken', { amount: money(rules.counts), percent: rules.contributionPercent });
  return (
    <ul className={styles.rules}>
      <li>{t('bonus', { name: name(rules) })}</li>
      <li>{rules.maxBet === null ? t('noMaxBet') : t('maxBet', { amount: money(rules.maxBet) })}</li>
      {rules.freeSpins ? (
        <li>
          {t('freeSpins', { count: rules.freeSpins.left, stake: money(rules.freeSpins.stake) })}
          {rules.freeSpins.thisStake ? ` ${t('freeSpinThis')}` : null}
        </li>
      ) : null}
      <li>{counts}</li>
      <li>{t('wagering', { wagered: money(rules.wagered), required: money(rules.wagerRequired) })}</li>
    </ul>
  );
}

/** The one sentence a screen reader hears when the answer changes: the parts, or why it would be refused. */
function useSummary(currency: string) {
  const t = useTranslations('funding.preview');
  const errorText = useErrorText();
  const money = useMoney(currency);
  return (view: FundingView) => {
    if (view.refusal) {
      const { code, message, fields } = view.refusal;
      return t('refused', { reason: errorText(new ApiError(409, code, message, undefined, fields ?? {})) });
    }
    const parts = { cash: money(view.cash), bonus: money(view.bonus), freeSpin: money(view.freeSpin) };
    if (!isPositive(view.freeSpin)) return t('summary', parts);
    if (!isPositive(view.cash) && !isPositive(view.bonus)) return t('summaryFreeSpin', { amount: parts.freeSpin });
    return t('summaryMixed', parts);
  };
}

/**
 * How the stake about to be confirmed would be paid (cash, bonus money, a free spin) and what the running bonus's
 * rules hold for it, or the refusal the placement would meet. The sentence is a polite live region that changes only
 * when a new answer arrives (the last one stays while the next is asked), so typing a stake is not read out key by key.
 */
export function FundingPreview({
  state,
  currency,
  product,
}: {
  state: FundingPreviewState;
  currency: string;
  product: 'sports' | 'casino';
}) {
  const t = useTranslations('funding.preview');
  const summary = useSummary(currency);
  const labelId = useId();
  const { view } = state;
  const sentence = state.failed ? t('unavailable') : view ? summary(view) : t('checking');
  return (
    <div className={styles.preview} role="group" aria-labelledby={labelId} aria-busy={state.busy}>
      <p id={labelId} className={styles.label}>
        {t('title')}
      </p>
      <p
        className={view?.refusal && !state.failed ? styles.refused : styles.summary}
        aria-live="polite"
        aria-atomic="true"
      >
        {sentence}
      </p>
      {view?.rules && !state.failed ? <BonusRules rules={view.rules} product={product} currency={currency} /> : null}
    </div>
  );
}
