'use client';

import type { StaffFourEyesRequest } from '@playhouse/shared/contracts/staff';
import type { Locale } from '@playhouse/shared/locales';
import { isStaffRole } from '@playhouse/shared/staff/permissions';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import { LoadError } from '@/components/ui/load-error';
import { useAction } from '@/components/ui/use-action';
import { formatDateTime } from '@/lib/account/money-format';
import { decideRequest, fetchRequests, type RequestArea } from '@/lib/back-office/requests-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { ReasonField } from '../reason-field';
import styles from './four-eyes-requests.module.css';

/** The SWR key of an area's pending requests: a screen that asks something revalidates it. */
export const requestsKey = (area: RequestArea) => ['back-office', 'requests', area] as const;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const list = (value: unknown) => (Array.isArray(value) ? value.map(text) : []);

/** What a request asks, in words (the payload each kind's service wrote). */
function useDescribe() {
  const t = useTranslations('backOffice.requests');
  const tRoles = useTranslations('backOffice.roles');
  const roles = (value: unknown) =>
    list(value)
      .map((role) => (isStaffRole(role) ? tRoles(role) : role))
      .join(', ');
  return (request: StaffFourEyesRequest): string => {
    const p = request.payload;
    const terms = (p.terms ?? {}) as Record<string, unknown>;
    switch (request.kind) {
      case 'staff_invitation':
        return t('describe.staff_invitation', { email: text(p.email), roles: roles(p.roles) });
      case 'staff_roles':
        return t('describe.staff_roles', {
          login: request.subject?.login ?? '',
          before: roles(p.before),
          roles: roles(p.roles),
        });
      case 'adjustment_threshold':
        return t('describe.adjustment_threshold', { currency: text(p.currency), amount: text(p.amount) });
      case 'campaign_limits':
        return t('describe.campaign_limits', {
          currency: text(p.currency),
          maxAmount: text(p.maxAmount),
          minWager: text(p.minWager),
          maxCashout: text(p.maxCashout),
        });
      case 'campaign_publish':
      case 'campaign_edit':
        return t(`describe.${request.kind}`, {
          slug: text(p.slug),
          amount: text(terms.amount) || '-',
          wager: text(terms.wager),
        });
      case 'promo_code':
        return t('describe.promo_code', { code: text(p.code), slug: text(p.slug) });
      case 'result_change': {
        const outcomes = Array.isArray(p.outcomes) ? (p.outcomes as Record<string, unknown>[]) : [];
        const result = (value: unknown) => (value ? t(`results.${text(value)}`) : t('results.none'));
        return t('describe.result_change', {
          matchId: text(p.matchId),
          marketId: text(p.marketId),
          outcomes: outcomes
            .map((outcome) =>
              t('outcome', { label: text(outcome.label), now: result(outcome.now), asked: result(outcome.asked) }),
            )
            .join('; '),
        });
      }
      default:
        return t(`kinds.${request.kind}`);
    }
  };
}

/**
 * An area's requests waiting for a second pair of eyes: what each asks, who asked and when; a member who may decide
 * approves or turns one down (with a reason), never their own (they may withdraw it). The api holds the same rules.
 */
export function FourEyesRequests({
  lng,
  area,
  meId,
  canDecide,
  title,
  only,
  onDecided,
}: {
  lng: Locale;
  area: RequestArea;
  meId: number;
  canDecide: boolean;
  title: string;
  /** Shows only some of the area's requests (a campaign's page: that campaign's). */
  only?: (request: StaffFourEyesRequest) => boolean;
  onDecided?: () => void;
}) {
  const t = useTranslations('backOffice.requests');
  const { busy, error: problem, setError: setProblem, run } = useAction();
  const describe = useDescribe();
  const headingId = useId();
  const reasonId = useId();
  const { data, error, mutate } = useSWR(requestsKey(area), () => fetchRequests(lng, area), SWR_OPTIONS);
  const [rejecting, setRejecting] = useState<StaffFourEyesRequest | null>(null);
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState('');

  async function decide(request: StaffFourEyesRequest, decision: 'approve' | 'reject', why?: string) {
    setStatus('');
    await run(async () => {
      await decideRequest(lng, area, request.id, decision, why);
      setStatus(decision === 'approve' ? t('approved', { what: describe(request) }) : t('rejected'));
      setRejecting(null);
      setReason('');
      await mutate();
      onDecided?.();
    });
  }

  function submitReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!rejecting || reason.trim().length < 3) {
      setProblem(t('reasonRequired'));
      return;
    }
    void decide(rejecting, 'reject', reason.trim());
  }

  const items = (data?.items ?? []).filter((request) => !only || only(request));
  return (
    <section className={styles.requests} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className={styles.hint}>{t('hint')}</p>
      {error ? <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} /> : null}
      {!data && !error ? <p role="status">{t('loading')}</p> : null}
      {data && items.length === 0 ? <p>{t('empty')}</p> : null}
      {items.length > 0 ? (
        <ul className={styles.list}>
          {items.map((request) => {
            const mine = request.requestedBy === meId;
            const what = describe(request);
            return (
              <li key={request.id} className={styles.item}>
                <p className={styles.what}>{what}</p>
                <p className={styles.meta}>
                  {t('askedBy', { login: request.requester.login, at: formatDateTime(request.requestedAt, lng) })}
                </p>
                {canDecide ? (
                  <div className={styles.actions}>
                    {mine ? (
                      <span className={styles.mine}>{t('yours')}</span>
                    ) : (
                      <button
                        type="button"
                        className={buttons.primary}
                        disabled={busy}
                        aria-label={t('approveLabel', { what })}
                        onClick={() => void decide(request, 'approve')}
                      >
                        {t('approve')}
                      </button>
                    )}
                    <button
                      type="button"
                      className={buttons.secondary}
                      disabled={busy}
                      aria-label={t(mine ? 'withdrawLabel' : 'rejectLabel', { what })}
                      onClick={() => {
                        setRejecting(request);
                        setProblem(null);
                      }}
                    >
                      {mine ? t('withdraw') : t('reject')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {rejecting ? (
        <form className={styles.reject} noValidate onSubmit={submitReject}>
          <ReasonField
            id={reasonId}
            label={t('reason', { what: describe(rejecting) })}
            value={reason}
            onChange={setReason}
          />
          <div className={styles.actions}>
            <button type="submit" className={buttons.danger} disabled={busy}>
              {t('confirmReject')}
            </button>
            <button type="button" className={buttons.secondary} onClick={() => setRejecting(null)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <FormError message={problem} />
      <div role="status">{status}</div>
    </section>
  );
}
