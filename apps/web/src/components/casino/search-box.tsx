'use client';

import type { SearchSuggestion } from '@playhouse/shared/contracts/casino';
import { SPEC } from '@playhouse/shared/constants';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent, type UIEvent } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { searchGames } from '@/lib/casino/casino-api';
import styles from './search-box.module.css';

/**
 * SPEC.md §2 "Search box" and §4: expands on click; 500 ms after typing stops it asks for 10 suggestions, and the next
 * 10 when the list is scrolled to within 200 px of its end (a "Loading..." row meanwhile); no match shows the
 * not-found text; Enter with a non-empty term opens the search page; whitespace alone is never sent; closing resets
 * the text, the results and the page.
 */
export function SearchBox({ lng }: { lng: Locale }) {
  const t = useTranslations('casino.search');
  const router = useRouter();
  const inputId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [items, setItems] = useState<SearchSuggestion[]>([]);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const [searchedTerm, setSearchedTerm] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const term = text.trim();

  async function search(value: string, wanted: number) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      const answer = await searchGames(lng, value, wanted, controller.signal);
      setItems((current) => (wanted === 1 ? answer.items : [...current, ...answer.items]));
      setTotal(answer.total);
      setPage(wanted);
      setSearchedTerm(value);
    } catch (error) {
      if (!controller.signal.aborted) console.error('search: suggestions failed', error);
    } finally {
      if (request.current === controller) setLoading(false);
    }
  }

  useEffect(() => {
    if (!open || term === '') return;
    const timer = setTimeout(() => void search(term, 1), SPEC.searchDebounceMs);
    return () => clearTimeout(timer);
    // `search` is recreated every render; the term and the locale are what start a new search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term, open, lng]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  /** SPEC.md §5: an empty box clears the results (and a search on its way is dropped). */
  function clearResults() {
    request.current?.abort();
    setItems([]);
    setTotal(0);
    setPage(1);
    setSearchedTerm(null);
    setLoading(false);
  }

  function onType(value: string) {
    setText(value);
    if (value.trim() === '') clearResults();
  }

  function close() {
    clearResults();
    setOpen(false);
    setText('');
  }

  function onScroll(event: UIEvent<HTMLUListElement>) {
    const list = event.currentTarget;
    const nearEnd = list.scrollHeight - list.scrollTop - list.clientHeight <= SPEC.suggestionScrollMarginPx;
    if (nearEnd && !loading && searchedTerm !== null && items.length < total) void search(searchedTerm, page + 1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (term === '') return;
    router.push({ pathname: '/search', query: { searchValue: term } });
    close();
  }

  if (!open) {
    return (
      <button type="button" className={styles.opener} aria-expanded={false} onClick={() => setOpen(true)}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        {t('open')}
      </button>
    );
  }

  const showList = items.length > 0 || loading || (searchedTerm !== null && term !== '');
  return (
    <form
      role="search"
      className={styles.box}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className={styles.field}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('label')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('placeholder')}
          value={text}
          aria-controls={listId}
          onChange={(event) => onType(event.target.value)}
        />
        <button type="button" className={styles.close} aria-label={t('close')} onClick={close}>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M5 5 19 19M19 5 5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {showList ? (
        <ul id={listId} className={styles.results} aria-label={t('suggestions')} onScroll={onScroll}>
          {items.map((item) => (
            <li key={item.id}>
              <Link href={`/game/${item.slug}`} className={styles.result} onClick={close}>
                {item.title}
              </Link>
            </li>
          ))}
          {loading ? (
            <li className={styles.status} role="status">
              {t('loading')}
            </li>
          ) : null}
          {!loading && searchedTerm !== null && items.length === 0 ? (
            <li className={styles.status} role="status">
              {t('notFound')}
            </li>
          ) : null}
        </ul>
      ) : null}
    </form>
  );
}
