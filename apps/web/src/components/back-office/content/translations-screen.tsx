'use client';

import { isLocale, LOCALES, type Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { useId, type FormEvent } from 'react';
import useSWR from 'swr';
import buttons from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import { LoadError } from '@/components/ui/load-error';
import { listTranslations } from '@/lib/back-office/content-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import layout from './content.module.css';
import { TranslationEditor } from './translation-editor';

const PAGE_SIZE = 10;

export type TranslationFilters = { q: string; locale: Locale | null; missing: boolean; page: number };

/** The search in the page address, with anything that is not a valid value dropped. */
export function translationFiltersFrom(params: URLSearchParams): TranslationFilters {
  const locale = params.get('locale');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    locale: isLocale(locale) ? locale : null,
    missing: params.get('missing') === 'true',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page address query for a search; empty values and page 1 are left out. */
export function translationQuery(filters: TranslationFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.q) query.q = filters.q;
  if (filters.locale) query.locale = filters.locale;
  if (filters.missing && filters.locale) query.missing = 'true';
  if (filters.page > 1) query.page = String(filters.page);
  return query;
}

/**
 * The UI texts: search by key or text (in every locale, or one), or list the keys a locale has no text of its own
 * for; each key's texts are edited in place. The search lives in the page address, so a search is a link.
 */
export function TranslationsScreen({ lng, canEdit }: { lng: Locale; canEdit: boolean }) {
  const t = useTranslations('boContent.translations');
  const tl = useTranslations('boContent.languages');
  const pathname = usePathname();
  const filters = translationFiltersFrom(new URLSearchParams(useSearchParams().toString()));
  const formId = useId();
  const query = { ...translationQuery(filters), pageSize: String(PAGE_SIZE) };
  const { data, error, mutate } = useSWR(
    ['bo-translations', lng, JSON.stringify(query)],
    () => listTranslations(lng, query),
    { ...SWR_OPTIONS, keepPreviousData: true },
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const go = (next: TranslationFilters) => {
    // Only this component's data depends on the search: the address changes without a round trip to the server.
    const search = new URLSearchParams(translationQuery(next)).toString();
    window.history.replaceState(null, '', search ? `${pathname}?${search}` : pathname);
  };

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = form.get('q');
    const locale = form.get('locale');
    go({
      q: typeof q === 'string' ? q.trim() : '',
      locale: isLocale(locale) ? locale : null,
      missing: form.get('missing') === 'on',
      page: 1,
    });
  }

  const shownLocales = filters.locale ? [filters.locale] : LOCALES;

  return (
    <div className={layout.panel}>
      <form
        key={JSON.stringify(filters)}
        className={layout.toolbar}
        role="search"
        aria-label={t('search')}
        onSubmit={apply}
      >
        <div className={formStyles.field}>
          <label htmlFor={`${formId}-q`} className={formStyles.label}>
            {t('query')}
          </label>
          <input
            id={`${formId}-q`}
            name="q"
            type="search"
            className={formStyles.control}
            defaultValue={filters.q}
            maxLength={100}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${formId}-locale`} className={formStyles.label}>
            {t('locale')}
          </label>
          <select
            id={`${formId}-locale`}
            name="locale"
            className={formStyles.control}
            defaultValue={filters.locale ?? ''}
          >
            <option value="">{t('allLocales')}</option>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {tl(locale)}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.checkbox}>
          <input id={`${formId}-missing`} name="missing" type="checkbox" defaultChecked={filters.missing} />
          <label htmlFor={`${formId}-missing`}>{t('missing')}</label>
        </div>
        <button type="submit" className={buttons.primary}>
          {t('find')}
        </button>
      </form>
      {error && !data ? (
        <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} />
      ) : null}
      <p role="status" className={layout.hint}>
        {data ? t('found', { total: data.total, page: filters.page, pages }) : t('loading')}
      </p>
      {data ? (
        <div className={layout.list}>
          {data.items.map((item) => (
            <TranslationEditor
              key={`${item.key}:${JSON.stringify(item.texts)}`}
              lng={lng}
              item={item}
              locales={shownLocales}
              canEdit={canEdit}
            />
          ))}
        </div>
      ) : null}
      {data && pages > 1 ? (
        <nav aria-label={t('pages')} className={layout.actions}>
          <button
            type="button"
            className={buttons.secondary}
            disabled={filters.page <= 1}
            onClick={() => go({ ...filters, page: filters.page - 1 })}
          >
            {t('previous')}
          </button>
          <button
            type="button"
            className={buttons.secondary}
            disabled={filters.page >= pages}
            onClick={() => go({ ...filters, page: filters.page + 1 })}
          >
            {t('next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
