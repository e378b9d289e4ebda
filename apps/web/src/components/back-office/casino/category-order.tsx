'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import buttons from '@/components/ui/button.module.css';
import { fetchCategoryGames, orderCategoryGames } from '@/lib/back-office/casino-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { MoveButtons, moved } from './move-buttons';
import { useCasinoErrorText } from './use-casino-error-text';
import styles from './casino.module.css';
import tableStyles from '../data-table.module.css';

type Game = { id: number; slug: string; title: string };

/** A category's games in the order players see them: move games up or down, then save the whole order. */
export function CategoryOrder({ lng, categoryId, canManage }: { lng: Locale; categoryId: number; canManage: boolean }) {
  const t = useTranslations('boCasino');
  const errorText = useCasinoErrorText();
  const captionId = useId();
  const { data, error, mutate } = useSWR(
    ['back-office', 'casino-category-games', lng, categoryId],
    () => fetchCategoryGames(lng, categoryId),
    SWR_OPTIONS,
  );
  const [draft, setDraft] = useState<Game[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const games = draft ?? data;

  const move = (index: number, by: -1 | 1) => {
    if (!games) return;
    setDraft(moved(games, index, by));
    setMessage(null);
  };

  async function save() {
    if (!games) return;
    setBusy(true);
    setMessage(null);
    try {
      const saved = await orderCategoryGames(
        lng,
        categoryId,
        games.map((game) => game.id),
      );
      await mutate(saved, { revalidate: false });
      setDraft(null);
      setMessage({ text: t('order.saved'), failed: false });
    } catch (cause) {
      setMessage({ text: errorText(cause), failed: true });
    } finally {
      setBusy(false);
    }
  }

  if (error) return <LoadError message={errorText(error)} retryLabel={t('games.save')} onRetry={() => void mutate()} />;
  if (!games) return <p role="status">…</p>;
  return (
    <div className={styles.list}>
      <p className={styles.message} role={message?.failed ? 'alert' : 'status'}>
        {message?.text}
      </p>
      <div className={`${tableStyles.scroll} ${styles.middle}`} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId}>{t('order.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('order.position')}</th>
              <th scope="col">{t('order.game')}</th>
              {canManage ? <th scope="col">{t('order.move')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {games.map((game, index) => (
              <tr key={game.id}>
                <td>{index + 1}</td>
                <th scope="row">
                  {game.title}
                  <span className={styles.note}>{game.slug}</span>
                </th>
                {canManage ? (
                  <MoveButtons
                    index={index}
                    count={games.length}
                    upLabel={t('order.moveUp', { game: game.title })}
                    downLabel={t('order.moveDown', { game: game.title })}
                    onMove={(by) => move(index, by)}
                  />
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canManage ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={buttons.primary}
            disabled={busy || draft === null}
            onClick={() => void save()}
          >
            {t('order.save')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
