'use client';

import { useTranslations } from 'next-intl';
import { useId, type FormEvent } from 'react';
import buttons from '@/components/ui/button.module.css';
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

/**
 * The filters of a back-office table: applying them writes them into the address (the table reloads from page 1), so
 * a filtered view is a link too. `q` is the free-text search every list route takes.
 */
export function TableFilters({ label, fields }: { label: string; fields: FilterField[] }) {
  const t = useTranslations('backOffice.filters');
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
              {field.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
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
