'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { BONUS_HISTORY_PAGE_SIZE, BONUS_HISTORY_PATH, fetchBonusHistory } from '@/lib/bonuses/bonuses-api';
import { BonusesPending } from './bonuses-pending';
import styles from './bonuses.module.css';
import table from '@/components/ui/history-table.module.css';
import { usePlayerId } from './use-bonuses';
import { campaignFallbackName } from '@/lib/bonuses/bonus-text';
import { useCampaignText } from './use-bonus-texts';
import layout from '@/components/ui/layout.module.css';

/** Every bonus the player was offered and what became of it, newest first, a page at a time. */
export function BonusHistory({ labelledBy }: { labelledBy: string }) {
  const t = useTranslations('bonuses');
  const locale = useLocale() as Locale;
  const text = useCampaignText();
  const playerId = usePlayerId();
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useSWR(
    playerId === null ? null : [BONUS_HISTORY_PATH, playerId, page],
    () => fetchBonusHistory(locale, page),
    SWR_OPTIONS,
  );
  if (error || !data) return <BonusesPending failed={Boolean(error)} onRetry={() => void mutate()} />;
  if (data.total === 0) return <p>{t('page.noHistory')}</p>;
  const pages = Math.max(1, Math.ceil(data.total / BONUS_HISTORY_PAGE_SIZE));
  const empty = { wager: '', amount: '', quantity: 0, currencyCode: '', gameTitle: '', providerTitle: '' };
  return (
    <>
      <div className={table.tableWrap} role="region" aria-labelledby={labelledBy} tabIndex={0}>
        <table className={table.table}>
          <thead>
            <tr>
              <th scope="col">{t('history.date')}</th>
              <th scope="col">{t('history.bonus')}</th>
              <th scope="col">{t('history.status')}</th>
              <th scope="col" className={table.number}>
                {t('history.amount')}
              </th>
              <th scope="col" className={table.number}>
                {t('history.wagered')}
              </th>
              <th scope="col">{t('history.finished')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => {
              const money = (value: string) => formatMoney(value, item.currencyCode, locale);
              return (
                <tr key={item.id}>
                  <td>{formatDateTime(item.createdAt, locale)}</td>
                  <td>
                    {text(
                      item.nameKey,
                      {
                        ...empty,
                        currencyCode: item.currencyCode,
                        amount: item.amount === null ? '' : money(item.amount),
                      },
                      campaignFallbackName(item, locale),
                    )}
                  </td>
                  <td>{t(`status.${item.status}`)}</td>
                  <td className={table.number}>{item.amount === null ? '—' : money(item.amount)}</td>
                  <td className={table.number}>
                    {t('progress.of', { done: money(item.wagered), required: money(item.wagerRequired) })}
                  </td>
                  <td>{item.finishedAt ? formatDateTime(item.finishedAt, locale) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className={`${layout.spread} ${layout.wide}`} aria-label={t('history.pages')}>
          <button type="button" className={styles.link} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('history.previous')}
          </button>
          <span>{t('history.pageOf', { page, pages })}</span>
          <button type="button" className={styles.link} disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('history.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
