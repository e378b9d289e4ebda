'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { fetchCasinoCategories, updateCasinoCategory } from '@/lib/back-office/casino-api';
import { ShownList } from './shown-list';

/** The casino's categories in the order players see them: show or hide each, move it, open its games' order. */
export function CategoriesList({ lng, canManage }: { lng: Locale; canManage: boolean }) {
  const t = useTranslations('boCasino');
  return (
    <ShownList
      lng={lng}
      canManage={canManage}
      cacheKey="casino-categories"
      load={fetchCasinoCategories}
      update={updateCasinoCategory}
      caption={t('categories.caption')}
      columns={[t('categories.category'), t('categories.games'), t('categories.shown')]}
      labels={({ title: category }) => ({
        show: t('categories.show', { category }),
        up: t('categories.moveUp', { category }),
        down: t('categories.moveDown', { category }),
      })}
      name={(category) => (
        <Link href={`/staff/casino/categories/${category.id}`}>
          {t('categories.order', { category: category.title })}
        </Link>
      )}
    />
  );
}
