'use client';

import type { CasinoCategory } from '@playhouse/shared/contracts/casino-admin';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { Link } from '@/i18n/navigation';
import { fetchCasinoCategories, updateCasinoCategory } from '@/lib/back-office/casino-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { MoveButtons, renumbered } from './move-buttons';
import { CasinoList, useListChange } from './casino-list';

/** The casino's categories in the order players see them: show or hide each, move it, open its games' order. */
export function CategoriesList({ lng, canManage }: { lng: Locale; canManage: boolean }) {
  const t = useTranslations('boCasino');
  const { data, error, mutate } = useSWR(
    ['back-office', 'casino-categories', lng],
    () => fetchCasinoCategories(lng),
    SWR_OPTIONS,
  );
  const { message, change } = useListChange();
  const rows = data ?? [];

  async function apply(changes: { category: CasinoCategory; patch: { active?: boolean; position?: number } }[]) {
    await change(async () => {
      for (const { category, patch } of changes) await updateCasinoCategory(lng, category.id, patch);
    }, t('categories.saved'));
    await mutate();
  }

  return (
    <CasinoList
      loadError={error}
      loaded={data !== undefined}
      onRetry={() => void mutate()}
      message={message}
      caption={t('categories.caption')}
      head={
        <>
          <th scope="col">{t('categories.category')}</th>
          <th scope="col">{t('categories.games')}</th>
          <th scope="col">{t('categories.shown')}</th>
          {canManage ? <th scope="col">{t('order.move')}</th> : null}
        </>
      }
    >
      {rows.map((category, index) => (
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
              count={rows.length}
              upLabel={t('categories.moveUp', { category: category.title })}
              downLabel={t('categories.moveDown', { category: category.title })}
              onMove={(by) =>
                void apply(
                  renumbered(rows, index, by).map(({ item, position }) => ({
                    category: item,
                    patch: { position },
                  })),
                )
              }
            />
          ) : null}
        </tr>
      ))}
    </CasinoList>
  );
}
