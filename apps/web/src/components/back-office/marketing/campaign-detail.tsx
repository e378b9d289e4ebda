'use client';

import { BONUS_GAME_TYPES } from '@playhouse/shared/contracts/bonuses';
import type { Campaign } from '@playhouse/shared/contracts/marketing';
import type { Locale } from '@playhouse/shared/locales';
import { CURRENCY_CODES } from '@playhouse/shared/money';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { LoadError } from '@/components/ui/load-error';
import { useErrorText } from '@/components/ui/use-error-text';
import buttons from '@/components/ui/button.module.css';
import { formatDateTime } from '@/lib/account/money-format';
import { campaignAction, fetchCampaign } from '@/lib/back-office/marketing-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { FourEyesRequests, requestsKey } from '../requests/four-eyes-requests';
import { CampaignEditor } from './campaign-editor';
import { GrantOffer } from './grant-offer';
import styles from './marketing.module.css';
import { PromoCodes } from './promo-codes';

export interface CampaignPermissions {
  manage: boolean;
  request: boolean;
  approve: boolean;
  /** Approve another marketing member's campaign, edit or promo code (four eyes). */
  approveCampaign: boolean;
}

/** The campaign's terms as a description list. */
function Terms({ campaign }: { campaign: Campaign }) {
  const t = useTranslations('boMarketing');
  const none = t('detail.none');
  const rows: [string, string][] = [
    [t('editor.kind'), t(`kinds.${campaign.kind}`)],
    [t('editor.trigger'), t(`triggers.${campaign.trigger}`)],
    [t('editor.amount'), campaign.amount ?? none],
    [t('editor.wager'), `×${campaign.wager}`],
    [t('editor.maxBet'), campaign.maxBet ?? none],
    [t('editor.validDays'), String(campaign.validDays)],
    [t('editor.offerDays'), String(campaign.offerDays)],
  ];
  if (campaign.kind === 'deposit_match') {
    rows.push(
      [t('editor.matchPercent'), `${campaign.matchPercent ?? 0}%`],
      [t('editor.minDeposit'), campaign.minDeposit ?? none],
    );
  }
  if (campaign.kind === 'coins') rows.push([t('editor.items'), campaign.items.join(', ')]);
  if (campaign.kind === 'cashback') {
    rows.push(
      [t('editor.matchPercent'), `${campaign.matchPercent ?? 0}%`],
      [t('editor.payout'), t(`payouts.${campaign.payout}`)],
    );
  }
  if (campaign.trigger === 'deposit') {
    rows.push(
      [t('editor.weekdays'), campaign.weekdays.join(', ')],
      [t('editor.minDeposit'), campaign.minDeposit ?? none],
    );
  }
  if (campaign.trigger === 'deposit' || campaign.kind === 'cashback')
    rows.push([t('editor.timeZone'), campaign.timeZone]);
  if (campaign.kind === 'free_spins') {
    rows.push(
      [t('editor.freeSpins'), String(campaign.freeSpins ?? 0)],
      [t('editor.freeSpinStake'), campaign.freeSpinStake ?? none],
      [t('editor.gameSlug'), campaign.gameSlug ?? none],
    );
  }
  for (const type of BONUS_GAME_TYPES) {
    rows.push([t('editor.contribution', { type: t(`gameTypes.${type}`) }), `${campaign.contributions[type] ?? 0}%`]);
  }
  rows.push([t('editor.sportsMinOdd'), campaign.sportsMinOdd]);
  for (const currency of CURRENCY_CODES) {
    const line = campaign.currencyAmounts[currency];
    if (line?.amount) rows.push([t('editor.currencyAmount', { currency }), line.amount]);
    if (line?.minDeposit) rows.push([t('editor.currencyMinDeposit', { currency }), line.minDeposit]);
    if (line?.maxBet) rows.push([t('editor.currencyMaxBet', { currency }), line.maxBet]);
  }
  return (
    <dl className={styles.terms}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /staff/campaigns/{id}: the campaign's status and terms; for marketing pause, resume, end and edit; its promo codes;
 * offering it to chosen players (four eyes).
 */
export function CampaignDetail({ id, can, meId }: { id: number; can: CampaignPermissions; meId: number }) {
  const t = useTranslations('boMarketing');
  const tTable = useTranslations('backOffice.table');
  const lng = useLocale() as Locale;
  const errorText = useErrorText();
  const termsId = useId();
  const { data, error, mutate } = useSWR(['back-office', 'campaign', id], () => fetchCampaign(lng, id), SWR_OPTIONS);
  const [editing, setEditing] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState('');
  const [note, setNote] = useState('');
  const { mutate: mutateKey } = useSWRConfig();

  if (error && !data) {
    return <LoadError message={errorText(error)} retryLabel={tTable('retry')} onRetry={() => void mutate()} />;
  }
  if (!data) return <p role="status">…</p>;
  const campaign = data.campaign;
  const name = campaign.names[lng] ?? campaign.names.en ?? campaign.slug;

  const act = async (action: 'pause' | 'resume' | 'end') => {
    setBusy(true);
    setActionError('');
    try {
      await mutate({ campaign: (await campaignAction(lng, id, action)).campaign }, { revalidate: false });
    } catch (failure) {
      setActionError(errorText(failure));
    } finally {
      setBusy(false);
      setConfirmEnd(false);
    }
  };

  const actions =
    can.manage && campaign.status !== 'ended' && !editing ? (
      <>
        <button type="button" className={buttons.secondary} onClick={() => setEditing(true)}>
          {t('detail.edit')}
        </button>
        {campaign.status === 'pending' ? null : campaign.status === 'active' ? (
          <button type="button" className={buttons.secondary} disabled={busy} onClick={() => void act('pause')}>
            {t('detail.pause')}
          </button>
        ) : (
          <button type="button" className={buttons.secondary} disabled={busy} onClick={() => void act('resume')}>
            {t('detail.resume')}
          </button>
        )}
        <button type="button" className={buttons.danger} disabled={busy} onClick={() => setConfirmEnd(true)}>
          {t('detail.end')}
        </button>
      </>
    ) : null;

  return (
    <OfficeFrame
      title={editing ? t('campaigns.editTitle', { name }) : name}
      breadcrumbs={[{ href: '/staff/campaigns', label: t('campaigns.title') }]}
      actions={actions}
    >
      {confirmEnd ? (
        <div role="alertdialog" aria-labelledby={`${termsId}-end`} className={styles.section}>
          <p id={`${termsId}-end`}>{t('detail.endConfirm')}</p>
          <div className={styles.actions}>
            <button type="button" className={buttons.danger} disabled={busy} onClick={() => void act('end')}>
              {t('detail.endYes')}
            </button>
            <button type="button" className={buttons.secondary} onClick={() => setConfirmEnd(false)}>
              {t('detail.endNo')}
            </button>
          </div>
        </div>
      ) : null}
      {actionError ? <p role="alert">{actionError}</p> : null}
      <div role="status">{note}</div>
      {editing ? (
        <CampaignEditor
          campaign={campaign}
          onSaved={(saved) => {
            if (saved) void mutate({ campaign: saved }, { revalidate: false });
            else {
              setNote(t('detail.editAsked'));
              void mutate();
              void mutateKey(requestsKey('campaigns'));
            }
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <section className={styles.section} aria-labelledby={termsId}>
            <h2 id={termsId}>{t('detail.terms')}</h2>
            <dl className={styles.terms}>
              <div>
                <dt>{t('detail.status')}</dt>
                <dd>{t(`statuses.${campaign.status}`)}</dd>
              </div>
              <div>
                <dt>{t('campaigns.columns.slug')}</dt>
                <dd>{campaign.slug}</dd>
              </div>
              <div>
                <dt>{t('detail.offers')}</dt>
                <dd>{campaign.offers}</dd>
              </div>
              <div>
                <dt>{t('detail.running')}</dt>
                <dd>{campaign.active}</dd>
              </div>
              <div>
                <dt>{t('campaigns.columns.updated')}</dt>
                <dd>{formatDateTime(campaign.updatedAt, lng)}</dd>
              </div>
            </dl>
            <Terms campaign={campaign} />
          </section>
          {campaign.pendingRequests.length > 0 ? (
            <FourEyesRequests
              lng={lng}
              area="campaigns"
              meId={meId}
              canDecide={can.approveCampaign}
              title={t('detail.waiting')}
              only={(request) => request.payload.campaignId === campaign.id}
              onDecided={() => void mutate()}
            />
          ) : null}
          <PromoCodes
            campaign={campaign}
            canManage={can.manage}
            onChanged={() => {
              // A new code is a request too: the list of what waits shows it at once.
              void mutate();
              void mutateKey(requestsKey('campaigns'));
            }}
          />
          <GrantOffer campaign={campaign} name={name} canRequest={can.request} canApprove={can.approve} />
        </>
      )}
    </OfficeFrame>
  );
}
