'use client';

import type { CasinoCategory } from '@playhouse/shared/contracts/casino-admin';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { Link } from '@/i18n/navigation';
import { fetchCasinoCategories, updateCasinoCategory } from '@/lib/back-office/casino-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { MoveButtons, renumbered } from './move-buttons';
import { useCasinoErrorText } from './use-casino-error-text';
import styles from './casino.module.css';
import tableStyles from '../data-table.module.css';

/** The casino's categories in the order players see them: show or hide each, move it, open its games' order. */
export function CategoriesList({ lng, canManage }: { lng: Locale; canManage: boolean }) {
  const t = useTranslations('boCasino');
  const errorText = useCasinoErrorText();
  const captionId = useId();
  const { data, error, mutate } = useSWR(
    ['back-office', 'casino-categories', lng],
    () => fetchCasinoCategories(lng),
    SWR_OPTIONS,
  );
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  async function apply(changes: { category: CasinoCategory; patch: { active?: boolean; position?: number } }[]) {
    setMessage(null);
    try {
      for (const { category, patch } of changes) await updateCasinoCategory(lng, category.id, patch);
      setMessage({ text: t('categories.saved'), failed: false });
    } catch (cause) {
      setMessage({ text: errorText(cause), failed: true });
    }
    await mutate();
  }

  if (error) return <LoadError message={errorText(error)} retryLabel={t('games.save')} onRetry={() => void mutate()} />;
  if (!data) return <p role="status">…</p>;
  return (
    <div className={styles.list}>
      <p className={styles.message} role={message?.failed ? 'alert' : 'status'}>
        {message?.text}
      </p>
      <div className={`${tableStyles.scroll} ${styles.middle}`} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId}>{t('categories.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('categories.category')}</th>
              <th scope="col">{t('categories.games')}</th>
              <th scope="col">{t('categories.shown')}</th>
              {canManage ? <th scope="col">{t('order.move')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.map((category, index) => (
              <tr key={category.id}>
                <th scope="row">
                  <Link href={`/staff/casino/categories/${category.id}`}>
                    {t('categories.order', { category: category.title })}
                  </Link>
                </th>
                <td>{category.games}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('categories.show', { category: category.title })}
                    checked={category.active}
                    disabled={!canManage}
                    onChange={(event) => void apply([{ category, patch: { active: event.target.checked } }])}
                  />
                </td>
                {canManage ? (
                  <MoveButtons
                    index={index}
                    count={data.length}
                    upLabel={t('categories.moveUp', { category: category.title })}
                    downLabel={t('categories.moveDown', { category: category.title })}
                    onMove={(by) =>
                      void apply(
                        renumbered(data, index, by).map(({ item, position }) => ({
                          category: item,
                          patch: { position },
                        })),
                      )
                    }
                  />
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
