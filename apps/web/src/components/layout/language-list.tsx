'use client';

import type { Locale } from '@playhouse/shared/locales';
import Image from 'next/image';
import { useSearchParams } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { Link, usePathname } from '@/i18n/navigation';
import { useDismiss } from '@/components/ui/use-dismiss';
import styles from './language-list.module.css';

export type LanguageOption = { value: Locale; title: string; imagePath: string };
/** Drawn on the server (the current language known): "Current language: English", "Change the language…", "Language". */
export type LanguageListLabels = { current: string; toggle: string; list: string };
type LanguageListProps = { locales: LanguageOption[]; current: Locale; labels: LanguageListLabels };

/**
 * SPEC.md §2 "Language list": flags; opens and closes on click only when there is more than one locale; hidden when
 * there is none. Each entry leads to the same page (path and query) in that locale.
 */
export function LanguageList(props: LanguageListProps) {
  const search = useSearchParams().toString();
  if (props.locales.length === 0) return null;
  // Every page renders per request, so the query is known on the server too: no Suspense boundary around it. Inside
  // one the toggle would hydrate in a later pass than the rest of the page, after the page already says it is
  // hydrated (docs/decisions.md, `<html data-hydrated>`).
  return <LanguageMenu {...props} search={search} />;
}

function Flag({ src }: { src: string }) {
  return <Image className={styles.flag} src={src} alt="" width={24} height={18} unoptimized />;
}

export function LanguageMenu({ locales, current, labels, search }: LanguageListProps & { search: string }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const active = locales.find((locale) => locale.value === current) ?? locales[0];

  useDismiss(open, () => setOpen(false), rootRef, buttonRef);

  if (!active) return null;

  if (locales.length === 1) {
    return (
      <div className={styles.single}>
        <Flag src={active.imagePath} />
        <span>{active.title}</span>
        <span className="visually-hidden">{labels.current}</span>
      </div>
    );
  }

  const href = search ? `${pathname}?${search}` : pathname;

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <Flag src={active.imagePath} />
        <span className={styles.title} aria-hidden="true">
          {active.title}
        </span>
        <span className="visually-hidden">{labels.toggle}</span>
        <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4.5 6 8.5l4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <ul id={listId} className={styles.list} hidden={!open} aria-label={labels.list}>
        {locales.map((locale) => (
          <li key={locale.value}>
            <Link
              href={href}
              locale={locale.value}
              hrefLang={locale.value}
              lang={locale.value}
              aria-current={locale.value === current ? 'page' : undefined}
              className={styles.item}
              onClick={() => setOpen(false)}
            >
              <Flag src={locale.imagePath} />
              <span>{locale.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
