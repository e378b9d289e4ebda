'use client';

import { CURRENCY_CODES } from '@playhouse/shared/money';
import { useTranslations } from 'next-intl';
import { useId, type FormEvent } from 'react';
import buttons from '@/components/ui/button.module.css';
import { Options } from '@/components/ui/form-field';
import styles from './table-filters.module.css';
import { useTableQuery } from './use-table-query';

export interface FilterField {
  /** The search parameter (and api query field) this filter sets. */
  name: string;
  label: string;
  type?: 'text' | 'search' | 'number' | 'date' | 'select';
  /** The choices of a select; an empty first choice ("any") is added. */
  options?: { value: string; label: string }[];
}

/** A select of `values`, each shown as `labelOf` names it (the value itself when left out). */
export function choiceFilter<Value extends string>(
  name: string,
  label: string,
  values: readonly Value[],
  labelOf: (value: Value) => string = (value) => value,
): FilterField {
  return { name, label, type: 'select', options: values.map((value) => ({ value, label: labelOf(value) })) };
}

/** A yes-or-no select (`true` / `false` in the address). */
export function yesNoFilter(name: string, label: string, yes: string, no: string): FilterField {
  return choiceFilter(name, label, ['true', 'false'], (value) => (value === 'true' ? yes : no));
}

/** The currency select: every currency the site keeps. */
export function currencyFilter(label: string): FilterField {
  return choiceFilter('currency', label, CURRENCY_CODES);
}

/** A period: the `from` and `to` days. */
export function periodFilters(from: string, to: string): FilterField[] {
  return [
    { name: 'from', label: from, type: 'date' },
    { name: 'to', label: to, type: 'date' },
  ];
}

/**
 * The filters of a back-office table: applying them writes them into the address (the table reloads from page 1), so
 * a filtered view is a link too. `search` labels `q`, the free-text search every list route takes (first).
 */
export function TableFilters({
  label,
  search,
  fields: others = [],
}: {
  label: string;
  search?: string;
  fields?: FilterField[];
}) {
  const t = useTranslations('backOffice.filters');
  const fields: FilterField[] =
    search === undefined ? others : [{ name: 'q', label: search, type: 'search' }, ...others];
  const { query, update } = useTableQuery();
  const id = useId();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update(Object.fromEntries(fields.map((field) => [field.name, String(form.get(field.name) ?? '').trim()])));
  };
  const clear = () => update(Object.fromEntries(fields.map((field) => [field.name, undefined])));

  return (
    // Keyed by the address's values, so going back or following a link shows that view's filters.
    <form
      key={fields.map((field) => query[field.name] ?? '').join('\u0000')}
      className={styles.filters}
      role="search"
      aria-label={label}
      onSubmit={apply}
    >
      {fields.map((field) => (
        <label key={field.name} className={styles.field} htmlFor={`${id}-${field.name}`}>
          <span>{field.label}</span>
          {field.type === 'select' ? (
            <select id={`${id}-${field.name}`} name={field.name} defaultValue={query[field.name] ?? ''}>
              <option value="">{t('any')}</option>
              <Options options={field.options} />
            </select>
          ) : (
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type ?? 'text'}
              defaultValue={query[field.name] ?? ''}
            />
          )}
        </label>
      ))}
      <div className={styles.actions}>
        <button type="submit" className={buttons.primary}>
          {t('apply')}
        </button>
        <button type="button" className={buttons.secondary} onClick={clear}>
          {t('clear')}
        </button>
      </div>
    </form>
  );
}
