'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import buttons from '@/components/ui/button.module.css';
import { fetchCategoryGames, orderCategoryGames } from '@/lib/back-office/casino-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { MoveButtons, moved } from './move-buttons';
import { CasinoList, useListChange } from './casino-list';
import styles from './casino.module.css';

type Game = { id: number; slug: string; title: string };

/** A category's games in the order players see them: move games up or down, then save the whole order. */
export function CategoryOrder({ lng, categoryId, canManage }: { lng: Locale; categoryId: number; canManage: boolean }) {
  const t = useTranslations('boCasino');
  const { data, error, mutate } = useSWR(
    ['back-office', 'casino-category-games', lng, categoryId],
    () => fetchCategoryGames(lng, categoryId),
    SWR_OPTIONS,
  );
  const [draft, setDraft] = useState<Game[] | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, setMessage, change } = useListChange();
  const games = draft ?? data;

  const move = (index: number, by: -1 | 1) => {
    if (!games) return;
    setDraft(moved(games, index, by));
    setMessage(null);
  };

  async function save() {
    if (!games) return;
    setBusy(true);
    await change(async () => {
      const saved = await orderCategoryGames(
        lng,
        categoryId,
        games.map((game) => game.id),
      );
      await mutate(saved, { revalidate: false });
      setDraft(null);
    }, t('order.saved'));
    setBusy(false);
  }

  return (
    <CasinoList
      loadError={error}
      loaded={games !== undefined}
      onRetry={() => void mutate()}
      message={message}
      caption={t('order.caption')}
      head={
        <>
          <th scope="col">{t('order.position')}</th>
          <th scope="col">{t('order.game')}</th>
          {canManage ? <th scope="col">{t('order.move')}</th> : null}
        </>
      }
      footer={
        canManage ? (
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
        ) : null
      }
    >
      {(games ?? []).map((game, index, rows) => (
        <tr key={game.id}>
          <td>{index + 1}</td>
          <th scope="row">
            {game.title}
            <span className={styles.note}>{game.slug}</span>
          </th>
          {canManage ? (
            <MoveButtons
              index={index}
              count={rows.length}
              upLabel={t('order.moveUp', { game: game.title })}
              downLabel={t('order.moveDown', { game: game.title })}
              onMove={(by) => move(index, by)}
            />
          ) : null}
        </tr>
      ))}
    </CasinoList>
  );
}
