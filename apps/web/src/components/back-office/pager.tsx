'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import buttons from '@/components/ui/button.module.css';

/** A back-office list's page turner: previous, "Page x of y", next; `children` go after (a page-size choice). */
export function Pager({
  page,
  pages,
  onPage,
  label,
  className,
  children,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What the navigation is named for screen readers ("Pages of …"). */
  label: string;
  className?: string;
  children?: ReactNode;
}) {
  const t = useTranslations('backOffice.table');
  return (
    <nav className={className} aria-label={label}>
      <button type="button" className={buttons.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </button>
      <span>{t('pageOf', { page, pages })}</span>
      <button type="button" className={buttons.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </button>
      {children}
    </nav>
  );
}
