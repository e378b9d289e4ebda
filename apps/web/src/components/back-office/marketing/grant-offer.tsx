'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { Campaign } from '@playhouse/shared/contracts/marketing';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { FormView } from '@/components/ui/form-view';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useErrorText } from '@/components/ui/use-error-text';
import { useForm } from '@/components/ui/use-form';
import buttons from '@/components/ui/button.module.css';
import dialog from '@/components/ui/dialog.module.css';
import { formatDateTime } from '@/lib/account/money-format';
import { decideOfferRequest, fetchOfferRequests, requestBonusOffer } from '@/lib/back-office/marketing-api';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { SWR_OPTIONS } from '@/lib/swr-options';
import styles from './marketing.module.css';
import { OfficeTable } from '../office-table';

/** The dialog that asks for the campaign to be offered to one player; a second member approves (four eyes). */
function GrantDialog({
  campaign,
  name,
  onClose,
}: {
  campaign: Campaign;
  name: string;
  onClose: (sent: boolean) => void;
}) {
  const t = useTranslations('boMarketing.grant');
  const lng = useLocale() as Locale;
  const titleId = useId();
  const key = useRef(newIdempotencyKey());
  const [sentTo, setSentTo] = useState('');
  const fields = useMemo<FormFieldSpec[]>(
    () => [{ name: 'login', type: 'text', required: true, label: t('login'), constraints: { maxLength: 254 } }],
    [t],
  );
  const form = useForm(fields, {
    onSubmit: async (values) => {
      const login = String(values.login ?? '').trim();
      await requestBonusOffer(lng, { login, campaign: campaign.slug }, key.current);
      setSentTo(login);
    },
  });
  return (
    <ModalDialog labelledBy={titleId} onClose={() => onClose(sentTo !== '')}>
      <div className={dialog.body}>
        <h2 id={titleId} className={dialog.title}>
          {t('title', { name })}
        </h2>
        {sentTo ? (
          <p role="status">{t('sent', { login: sentTo })}</p>
        ) : (
          <FormView form={form} submitLabel={t('send')} busyLabel={t('sending')} />
        )}
        <button type="button" className={buttons.secondary} onClick={() => onClose(sentTo !== '')}>
          {t('close')}
        </button>
      </div>
    </ModalDialog>
  );
}

/**
 * Offering a campaign to chosen players: the button that opens the request dialog (for members who may ask) and the
 * requests of this campaign waiting for a second pair of eyes (approve or reject, for members who may decide; the api
 * refuses the member who asked).
 */
export function GrantOffer({
  campaign,
  name,
  canRequest,
  canApprove,
}: {
  campaign: Campaign;
  name: string;
  canRequest: boolean;
  canApprove: boolean;
}) {
  const t = useTranslations('boMarketing.grant');
  const lng = useLocale() as Locale;
  const errorText = useErrorText();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const requests = useSWR(
    canApprove ? ['back-office', 'offer-requests'] : null,
    () => fetchOfferRequests(lng),
    SWR_OPTIONS,
  );
  const mine = (requests.data?.items ?? []).filter((request) => request.payload.campaign === campaign.slug);

  const decide = async (id: string, login: string, decision: 'approve' | 'reject') => {
    setError('');
    setMessage('');
    try {
      await decideOfferRequest(lng, id, decision, decision === 'reject' ? t('rejectReason') : undefined);
      if (decision === 'approve') setMessage(t('approved', { login }));
    } catch (failure) {
      setError(errorText(failure));
    }
    await requests.mutate();
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('requests')}</h2>
      {canRequest && campaign.status === 'active' ? (
        <div className={styles.actions}>
          <button type="button" className={buttons.primary} onClick={() => setOpen(true)}>
            {t('open')}
          </button>
        </div>
      ) : null}
      <div role="status">{message}</div>
      {error ? <p role="alert">{error}</p> : null}
      {requests.error ? <p role="alert">{errorText(requests.error)}</p> : null}
      {canApprove && requests.data ? (
        mine.length === 0 ? (
          <p>{t('noRequests')}</p>
        ) : (
          <OfficeTable
            caption={t('requestsCaption')}
            head={
              <>
                <th scope="col">{t('player')}</th>
                <th scope="col">{t('asked')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('approve')}</span>
                </th>
              </>
            }
          >
            {mine.map((request) => {
              // A bonus offer request always names its player.
              const login = request.subject?.login ?? '';
              return (
                <tr key={request.id}>
                  <td>{login}</td>
                  <td>{formatDateTime(request.requestedAt, lng)}</td>
                  <td>
                    <div className={styles.actions}>
                      <button
                        type="button"
                        className={buttons.primary}
                        aria-label={`${t('approve')}: ${login}`}
                        onClick={() => void decide(request.id, login, 'approve')}
                      >
                        {t('approve')}
                      </button>
                      <button
                        type="button"
                        className={buttons.secondary}
                        aria-label={`${t('reject')}: ${login}`}
                        onClick={() => void decide(request.id, login, 'reject')}
                      >
                        {t('reject')}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </OfficeTable>
        )
      ) : null}
      {open ? (
        <GrantDialog
          campaign={campaign}
          name={name}
          onClose={(sent) => {
            setOpen(false);
            if (sent) void requests.mutate();
          }}
        />
      ) : null}
    </section>
  );
}
