'use client';

import type { CasinoAdminGame, CasinoGamePatch } from '@playhouse/shared/contracts/casino-admin';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { DataTable, type DataColumn } from '@/components/back-office/data-table';
import { TableFilters, yesNoFilter } from '@/components/back-office/table-filters';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useAction } from '@/components/ui/use-action';
import buttons from '@/components/ui/button.module.css';
import {
  fetchCasinoCategories,
  fetchCasinoGames,
  fetchCasinoProviders,
  setCasinoGameCategories,
  updateCasinoGame,
} from '@/lib/back-office/casino-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { useCasinoErrorText } from './use-casino-error-text';
import styles from './casino.module.css';

const CACHE_KEY = 'casino-games';

/**
 * The casino's games: filters and a server-paged table where each game is enabled, locked for visitors without a
 * deposit or offered in demo play with a checkbox, ranked, and listed in its categories.
 */
export function GamesTable({ lng, canManage }: { lng: Locale; canManage: boolean }) {
  const t = useTranslations('boCasino');
  const { mutate } = useSWRConfig();
  const errorText = useCasinoErrorText();
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [editing, setEditing] = useState<CasinoAdminGame | null>(null);
  const { data: providers } = useSWR(
    ['back-office', 'casino-providers', lng],
    () => fetchCasinoProviders(lng),
    SWR_OPTIONS,
  );
  const { data: categories } = useSWR(
    ['back-office', 'casino-categories', lng],
    () => fetchCasinoCategories(lng),
    SWR_OPTIONS,
  );
  const categoryName = (id: number) => categories?.find((category) => category.id === id)?.title ?? `#${id}`;

  const reload = () => mutate((key) => Array.isArray(key) && key[0] === 'back-office' && key[1] === CACHE_KEY);

  async function change(game: CasinoAdminGame, patch: CasinoGamePatch) {
    setMessage(null);
    try {
      await updateCasinoGame(lng, game.id, patch);
      setMessage({ text: t('games.saved', { game: game.title }), failed: false });
    } catch (cause) {
      setMessage({ text: errorText(cause), failed: true });
    }
    await reload();
  }

  const toggle = (game: CasinoAdminGame, field: 'active' | 'demoModeEnabled' | 'requiresDeposit', label: string) => (
    <input
      type="checkbox"
      aria-label={label}
      checked={game[field]}
      disabled={!canManage}
      onChange={(event) => void change(game, { [field]: event.target.checked })}
    />
  );

  const columns: DataColumn<CasinoAdminGame>[] = [
    {
      id: 'slug',
      header: t('games.game'),
      sortable: true,
      cell: (row) => (
        <>
          {row.title}
          <span className={styles.note}>{row.slug}</span>
        </>
      ),
    },
    { id: 'provider', header: t('games.provider'), cell: (row) => row.providerTitle },
    {
      id: 'active',
      header: t('games.active'),
      cell: (row) => toggle(row, 'active', t('games.enable', { game: row.title })),
    },
    {
      id: 'demo',
      header: t('games.demo'),
      cell: (row) => toggle(row, 'demoModeEnabled', t('games.demoSwitch', { game: row.title })),
    },
    {
      id: 'locked',
      header: t('games.locked'),
      cell: (row) => toggle(row, 'requiresDeposit', t('games.lock', { game: row.title })),
    },
    {
      id: 'popularity',
      header: t('games.popularity'),
      sortable: true,
      numeric: true,
      cell: (row) =>
        canManage ? <RankForm game={row} onSave={(popularity) => void change(row, { popularity })} /> : row.popularity,
    },
    {
      id: 'categories',
      header: t('games.categories'),
      cell: (row) => (
        <>
          {row.categoryIds.map(categoryName).join(', ')}
          {canManage ? (
            <button type="button" className={styles.link} onClick={() => setEditing(row)}>
              {t('games.editCategories', { game: row.title })}
            </button>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <>
      <TableFilters
        label={t('games.filters')}
        search={t('games.search')}
        fields={[
          {
            name: 'providerId',
            label: t('games.provider'),
            type: 'select',
            options: (providers ?? []).map((provider) => ({ value: String(provider.id), label: provider.title })),
          },
          ...(['active', 'demo', 'locked'] as const).map((name) =>
            yesNoFilter(name, t(`games.${name}`), t('games.yes'), t('games.no')),
          ),
        ]}
      />
      <p className={styles.message} role={message?.failed ? 'alert' : 'status'}>
        {message?.text}
      </p>
      <DataTable
        caption={t('games.caption')}
        columns={columns}
        fetchPage={(query) => fetchCasinoGames(lng, query)}
        cacheKey={CACHE_KEY}
        csvPath="/spa/staff/casino/games"
        rowKey={(row) => row.id}
        defaultSort={{ sort: 'popularity', dir: 'desc' }}
      />
      {editing && categories ? (
        <CategoriesDialog
          game={editing}
          categories={categories}
          onClose={() => setEditing(null)}
          onSave={async (categoryIds) => {
            await setCasinoGameCategories(lng, editing.id, categoryIds);
            setMessage({ text: t('games.saved', { game: editing.title }), failed: false });
            setEditing(null);
            await reload();
          }}
        />
      ) : null}
    </>
  );
}

function RankForm({ game, onSave }: { game: CasinoAdminGame; onSave: (popularity: number) => void }) {
  const t = useTranslations('boCasino');
  const [value, setValue] = useState(String(game.popularity));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const popularity = Number(value);
    if (Number.isInteger(popularity) && popularity >= 0) onSave(popularity);
  };
  return (
    <form className={styles.inline} onSubmit={submit}>
      <input
        type="number"
        min={0}
        max={1_000_000}
        className={styles.rank}
        aria-label={t('games.rankOf', { game: game.title })}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className={styles.link} aria-label={t('games.saveRank', { game: game.title })}>
        {t('games.save')}
      </button>
    </form>
  );
}

function CategoriesDialog({
  game,
  categories,
  onClose,
  onSave,
}: {
  game: CasinoAdminGame;
  categories: { id: number; title: string }[];
  onClose: () => void;
  onSave: (categoryIds: number[]) => Promise<void>;
}) {
  const t = useTranslations('boCasino');
  // Saving closes the dialog: it stays busy until then.
  const { busy, error: failure, run } = useAction({ errorText: useCasinoErrorText(), leavesOnSuccess: true });
  const titleId = useId();
  const [chosen, setChosen] = useState(() => new Set(game.categoryIds));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await run(() => onSave([...chosen]));
  };
  return (
    <ModalDialog labelledBy={titleId} onClose={busy ? null : onClose}>
      <form className={styles.dialogForm} onSubmit={(event) => void submit(event)}>
        <h2 id={titleId}>{t('games.categoriesTitle', { game: game.title })}</h2>
        <fieldset className={styles.choices}>
          <legend>{t('games.categories')}</legend>
          {categories.map((category) => (
            <label key={category.id}>
              <input
                type="checkbox"
                checked={chosen.has(category.id)}
                onChange={(event) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(category.id);
                    else next.delete(category.id);
                    return next;
                  })
                }
              />{' '}
              {category.title}
            </label>
          ))}
        </fieldset>
        {failure ? <p role="alert">{failure}</p> : null}
        <div className={styles.actions}>
          <button type="submit" className={buttons.primary} disabled={busy}>
            {t('games.save')}
          </button>
          <button type="button" className={buttons.secondary} onClick={onClose} disabled={busy}>
            {t('games.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
