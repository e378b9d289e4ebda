'use client';

import type { StaffAdjustment } from '@playhouse/shared/contracts/back-office-money';
import type { FormField } from '@playhouse/shared/contracts/accounts';
import { STAFF_REQUEST_STATUSES } from '@playhouse/shared/contracts/staff';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { DataTable, type DataColumn } from '@/components/back-office/data-table';
import { choiceFilter, currencyFilter, periodFilters, TableFilters } from '@/components/back-office/table-filters';
import buttons from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import { FormError } from '@/components/ui/form-error';
import { FormView } from '@/components/ui/form-view';
import { useAction } from '@/components/ui/use-action';
import { useForm } from '@/components/ui/use-form';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { ADJUSTMENTS_PATH, decideAdjustment, fetchAdjustments, requestAdjustment } from '@/lib/back-office/money-api';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { ReasonField } from '../reason-field';
import styles from './money.module.css';
import { useListRefresh } from './use-money-refresh';
import { officeField } from '@/components/back-office/field-specs';

const CACHE_KEY = 'money-adjustments';

/** Manual adjustments: the request form, then the list where a second member approves or rejects pending ones. */
export function AdjustmentsView({
  lng,
  canRequest,
  canRead,
  canApprove,
}: {
  lng: Locale;
  /** Support and finance ask; finance and risk read the list; finance decides (adjustments.* permissions). */
  canRequest: boolean;
  canRead: boolean;
  canApprove: boolean;
}) {
  const t = useTranslations('boMoney');
  const refresh = useListRefresh(CACHE_KEY);
  return (
    <div className={styles.page}>
      {canRequest ? (
        <section className={styles.section}>
          <h2>{t('adjustments.requestTitle')}</h2>
          <p className={styles.hint}>{t('adjustments.intro')}</p>
          <AdjustmentForm lng={lng} onDone={() => void refresh()} />
        </section>
      ) : null}
      {canRead ? (
        <section className={styles.section}>
          <h2>{t('adjustments.listTitle')}</h2>
          <AdjustmentList lng={lng} canApprove={canApprove} onDecided={() => void refresh()} />
        </section>
      ) : null}
    </div>
  );
}

function AdjustmentForm({ lng, onDone }: { lng: Locale; onDone: () => void }) {
  const t = useTranslations('boMoney');
  const [outcome, setOutcome] = useState<string>('');
  // One key per intended request: a retry of the same values after a failure asks once; a new request gets a new one.
  const key = useRef<{ values: string; key: string } | null>(null);
  const fields = useMemo<FormField[]>(
    () => [
      officeField('login', t('adjustments.login'), { maxLength: 254 }),
      officeField('amount', t('adjustments.amount'), { pattern: '-?\\d{1,12}(\\.\\d{1,2})?' }),
      officeField('reason', t('adjustments.reason'), { minLength: 3, maxLength: 500 }),
    ],
    [t],
  );
  const form = useForm(fields, {
    onSubmit: async (values) => {
      const body = {
        login: String(values.login).trim(),
        amount: String(values.amount).trim(),
        reason: String(values.reason).trim(),
      };
      const signature = JSON.stringify(body);
      if (key.current?.values !== signature) key.current = { values: signature, key: newIdempotencyKey() };
      setOutcome('');
      const request = await requestAdjustment(lng, body, key.current.key);
      key.current = null;
      setOutcome(request.status === 'approved' ? t('adjustments.applied') : t('adjustments.asked'));
      form.reset();
      onDone();
    },
  });
  return <FormView form={form} submitLabel={t('adjustments.submit')} busyLabel={t('busy')} successMessage={outcome} />;
}

function AdjustmentList({ lng, canApprove, onDecided }: { lng: Locale; canApprove: boolean; onDecided: () => void }) {
  const t = useTranslations('boMoney');
  const { busy, error, setError, run } = useAction();
  const reasonId = useId();
  const [done, setDone] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<StaffAdjustment | null>(null);
  const [reason, setReason] = useState('');

  const decide = async (row: StaffAdjustment, decision: 'approve' | 'reject', why?: string) => {
    if (busy) return;
    setDone(null);
    await run(async () => {
      await decideAdjustment(lng, row.id, decision, why);
      setDone(t(decision === 'approve' ? 'adjustments.approved' : 'adjustments.rejected'));
      setRejecting(null);
      setReason('');
      onDecided();
    });
  };
  const submitReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rejecting && reason.trim().length >= 3) void decide(rejecting, 'reject', reason.trim());
  };

  const columns: DataColumn<StaffAdjustment>[] = [
    {
      id: 'requestedAt',
      header: t('columns.requestedAt'),
      sortable: true,
      cell: (row) => formatDateTime(row.requestedAt, lng),
    },
    { id: 'player', header: t('columns.player'), cell: (row) => row.subject?.login ?? '' },
    {
      id: 'amount',
      header: t('columns.amount'),
      numeric: true,
      cell: (row) => formatMoney(String(row.payload.amount), String(row.payload.currency), lng),
    },
    { id: 'reason', header: t('columns.reason'), cell: (row) => String(row.payload.reason ?? '') },
    { id: 'requester', header: t('columns.requester'), cell: (row) => row.requester.login },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (row) => (row.appliedAlone ? t('adjustments.appliedAlone') : t(`statuses.${row.status}`)),
    },
    { id: 'decider', header: t('columns.decider'), cell: (row) => row.decider?.login ?? '' },
    ...(canApprove
      ? [
          {
            id: 'actions',
            header: t('columns.actions'),
            cell: (row: StaffAdjustment) =>
              row.status === 'pending' ? (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={buttons.primary}
                    disabled={busy}
                    onClick={() => void decide(row, 'approve')}
                  >
                    {t('adjustments.approve')}
                  </button>
                  <button
                    type="button"
                    className={buttons.secondary}
                    disabled={busy}
                    onClick={() => {
                      setRejecting(row);
                      setError(null);
                      requestAnimationFrame(() => document.getElementById(reasonId)?.focus());
                    }}
                  >
                    {t('adjustments.reject')}
                  </button>
                </div>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <div className={styles.page}>
      <FormError message={error} />
      <div role="status">{done ? <p className={formStyles.success}>{done}</p> : null}</div>
      {rejecting ? (
        <form className={styles.inline} noValidate onSubmit={submitReject}>
          <ReasonField
            id={reasonId}
            label={t('adjustments.rejectReason', {
              amount: formatMoney(String(rejecting.payload.amount), String(rejecting.payload.currency), lng),
              player: rejecting.subject?.login ?? '',
            })}
            value={reason}
            minLength={3}
            onChange={setReason}
          />
          <button type="submit" className={buttons.danger} disabled={busy || reason.trim().length < 3}>
            {t('adjustments.confirmReject')}
          </button>
          <button type="button" className={buttons.secondary} onClick={() => setRejecting(null)}>
            {t('adjustments.cancel')}
          </button>
        </form>
      ) : null}
      <TableFilters
        label={t('adjustments.filters')}
        search={t('filters.player')}
        fields={[
          choiceFilter('status', t('filters.status'), STAFF_REQUEST_STATUSES, (status) => t(`statuses.${status}`)),
          currencyFilter(t('filters.currency')),
          ...periodFilters(t('filters.from'), t('filters.to')),
        ]}
      />
      <DataTable
        caption={t('adjustments.caption')}
        columns={columns}
        fetchPage={(query) => fetchAdjustments(lng, query)}
        cacheKey={CACHE_KEY}
        rowKey={(row) => row.id}
        csvPath={ADJUSTMENTS_PATH}
        defaultSort={{ sort: 'requestedAt', dir: 'desc' }}
      />
    </div>
  );
}
