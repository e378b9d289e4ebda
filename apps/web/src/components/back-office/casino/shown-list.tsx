'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { MoveButtons, renumbered } from './move-buttons';
import { CasinoList, useListChange } from './casino-list';

/** A row of a list players see in its order (a category, a provider). */
export type ShownItem = { id: number; title: string; games: number; active: boolean; position: number };
type Patch = { active?: boolean; position?: number };

/** What a row's controls are called, each naming the row. */
export type ShownLabels = { show: string; up: string; down: string };

type ShownListProps<T extends ShownItem> = {
  lng: Locale;
  canManage: boolean;
  /** Names the list's data in the SWR cache. */
  cacheKey: string;
  load: (lng: Locale) => Promise<T[]>;
  update: (lng: Locale, id: number, patch: Patch) => Promise<unknown>;
  caption: string;
  /** The headings of the name, games and shown columns. */
  columns: [name: string, games: string, shown: string];
  labels: (item: T) => ShownLabels;
  /** The row's heading cell's content. */
  name: (item: T) => ReactNode;
  /** One more column for managers (its heading and each row's cell). */
  extra?: { head: string; cell: (item: T) => ReactNode };
  intro?: ReactNode;
  footer?: ReactNode;
};

/**
 * A casino list in the order players see it (categories, providers): each row is shown or hidden with a checkbox and
 * moved up or down; every change is saved at once and the list read again.
 */
export function ShownList<T extends ShownItem>({
  lng,
  canManage,
  cacheKey,
  load,
  update,
  caption,
  columns,
  labels,
  name,
  extra,
  intro,
  footer,
}: ShownListProps<T>) {
  const t = useTranslations('boCasino');
  const { data, error, mutate } = useSWR(['back-office', cacheKey, lng], () => load(lng), SWR_OPTIONS);
  const { message, change } = useListChange();
  const rows = data ?? [];

  async function apply(changes: { item: T; patch: Patch }[]) {
    await change(async () => {
      for (const { item, patch } of changes) await update(lng, item.id, patch);
    }, t('categories.saved'));
    await mutate();
  }

  return (
    <CasinoList
      loadError={error}
      loaded={data !== undefined}
      onRetry={() => void mutate()}
      message={message}
      intro={intro}
      caption={caption}
      head={
        <>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {canManage ? <th scope="col">{t('order.move')}</th> : null}
          {canManage && extra ? <th scope="col">{extra.head}</th> : null}
        </>
      }
      footer={footer}
    >
      {rows.map((item, index) => {
        const label = labels(item);
        return (
          <tr key={item.id}>
            <th scope="row">{name(item)}</th>
            <td>{item.games}</td>
            <td>
              <input
                type="checkbox"
                aria-label={label.show}
                checked={item.active}
                disabled={!canManage}
                onChange={(event) => void apply([{ item, patch: { active: event.target.checked } }])}
              />
            </td>
            {canManage ? (
              <MoveButtons
                index={index}
                count={rows.length}
                upLabel={label.up}
                downLabel={label.down}
                onMove={(by) =>
                  void apply(
                    renumbered(rows, index, by).map(({ item: moving, position }) => ({
                      item: moving,
                      patch: { position },
                    })),
                  )
                }
              />
            ) : null}
            {canManage && extra ? <td>{extra.cell(item)}</td> : null}
          </tr>
        );
      })}
    </CasinoList>
  );
}
