'use client';

import type { StaffMemberRef } from '@playhouse/shared/contracts/back-office-money';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import buttons from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { decideWithdrawal, fetchWithdrawalDetail } from '@/lib/back-office/money-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { ReasonField } from '../reason-field';
import styles from './money.module.css';
import { MoneyPending, MoneyTableSection } from './money-table';

type Action = 'approve' | 'pay' | 'reject';

/** A withdrawal's page: the player, the amount, the history, the two members who acted, and the next decision. */
export function WithdrawalDetail({ lng, id }: { lng: Locale; id: string }) {
  const t = useTranslations('boMoney');
  const reasonId = useId();
  const detail = useSWR(['back-office', 'money-withdrawal', id], () => fetchWithdrawalDetail(lng, id), SWR_OPTIONS);
  const { busy, busyWith, error, run } = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);

  if (detail.error || !detail.data) {
    return <MoneyPending failed={Boolean(detail.error)} onRetry={() => void detail.mutate()} />;
  }
  const { withdrawal, player, history } = detail.data;
  const member = (ref: StaffMemberRef | null) => ref?.login ?? t('withdrawal.nobody');

  const act = async (action: Action) => {
    if (busy) return;
    if (action === 'reject' && reason.trim().length < 3) {
      setReasonProblem(t('withdrawal.reasonRequired'));
      document.getElementById(reasonId)?.focus();
      return;
    }
    setReasonProblem(null);
    setDone(null);
    await run(
      async () => {
        await decideWithdrawal(lng, id, action, action === 'reject' ? reason.trim() : undefined);
        setDone(t(`withdrawal.done.${action}`));
        setReason('');
        await detail.mutate();
      },
      { what: action },
    );
  };
  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void act('reject');
  };
  const open = withdrawal.status === 'pending' || withdrawal.status === 'approved';

  return (
    <div className={styles.page}>
      <section className={styles.section}>
        <h2>{t('withdrawal.summary')}</h2>
        <dl className={styles.facts}>
          <dt>{t('withdrawal.amount')}</dt>
          <dd>{formatMoney(withdrawal.amount, withdrawal.currency, lng)}</dd>
          <dt>{t('withdrawal.status')}</dt>
          <dd className={styles.status}>
            {t(`statuses.${withdrawal.status}`)}
            {withdrawal.heldAt ? ` (${t('held')})` : ''}
          </dd>
          {withdrawal.heldAt ? (
            <>
              <dt>{t('held')}</dt>
              <dd>{t('heldWhy', { since: formatDateTime(withdrawal.heldAt, lng) })}</dd>
            </>
          ) : null}
          <dt>{t('withdrawal.method')}</dt>
          <dd>{withdrawal.method}</dd>
          <dt>{t('withdrawal.details')}</dt>
          <dd className={styles.mono}>
            {Object.entries(withdrawal.details)
              .map(([name, value]) => `${name}: ${value}`)
              .join(', ')}
          </dd>
          <dt>{t('withdrawal.player')}</dt>
          <dd>
            {player.username} ({player.email}, #{player.id})
          </dd>
          <dt>{t('withdrawal.balance')}</dt>
          <dd>{formatMoney(player.mainBalance, player.currency, lng)}</dd>
          <dt>{t('withdrawal.approvedBy')}</dt>
          <dd>{member(detail.data.approvedBy)}</dd>
          <dt>{t('withdrawal.paidBy')}</dt>
          <dd>{member(detail.data.paidBy)}</dd>
          {detail.data.rejectedBy ? (
            <>
              <dt>{t('withdrawal.rejectedBy')}</dt>
              <dd>{member(detail.data.rejectedBy)}</dd>
              <dt>{t('withdrawal.reason')}</dt>
              <dd>{withdrawal.reason}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section className={styles.section}>
        <h2>{t('withdrawal.decide')}</h2>
        <p className={styles.hint}>{t('withdrawal.fourEyes')}</p>
        <FormError message={error} />
        <div role="status">{done ? <p className={formStyles.success}>{done}</p> : null}</div>
        {open ? (
          <>
            <div className={styles.actions}>
              {withdrawal.status === 'pending' ? (
                <button type="button" className={buttons.primary} disabled={busy} onClick={() => void act('approve')}>
                  {busyWith === 'approve' ? t('busy') : t('withdrawal.approve')}
                </button>
              ) : (
                <button type="button" className={buttons.primary} disabled={busy} onClick={() => void act('pay')}>
                  {busyWith === 'pay' ? t('busy') : t('withdrawal.pay')}
                </button>
              )}
            </div>
            <form className={styles.inline} noValidate onSubmit={reject}>
              <ReasonField
                id={reasonId}
                label={t('withdrawal.rejectReason')}
                value={reason}
                onChange={setReason}
                problem={reasonProblem}
              />
              <button type="submit" className={buttons.danger} disabled={busy}>
                {busyWith === 'reject' ? t('busy') : t('withdrawal.reject')}
              </button>
            </form>
          </>
        ) : (
          <p>{t('withdrawal.closed')}</p>
        )}
      </section>

      <MoneyTableSection
        title={t('withdrawal.history')}
        columns={[t('withdrawal.when'), t('withdrawal.event'), t('withdrawal.who'), t('withdrawal.reason')]}
      >
        {history.map((entry) => (
          <tr key={`${entry.event}-${entry.at}`}>
            <td>{formatDateTime(entry.at, lng)}</td>
            <td>{t(`withdrawal.events.${entry.event}`)}</td>
            <td>{entry.actor ? entry.actor.login : t('withdrawal.thePlayer')}</td>
            <td>{entry.reason ?? ''}</td>
          </tr>
        ))}
      </MoneyTableSection>
    </div>
  );
}
