import type { Locale, NavCategory } from '@playhouse/shared';
import { getTranslations } from 'next-intl/server';
import Image from 'next/image';
import { Link } from '@/i18n/navigation';
import { categoryHref } from '@/lib/links';
import styles from './categories-bar.module.css';
import { CategoriesScroller } from './categories-scroller';

type CategoriesBarProps = {
  lng: Locale;
  categories: NavCategory[];
  /** SPEC.md §2: the left/right scroll buttons are optional. */
  withScrollButtons?: boolean;
};

/** SPEC.md §2 "Categories bar": a category with a head game opens that game, any other its category page. */
export async function CategoriesBar({ lng, categories, withScrollButtons = true }: CategoriesBarProps) {
  if (categories.length === 0) return null;
  const t = await getTranslations({ locale: lng, namespace: 'categoriesBar' });
  const list = (
    <ul className={styles.list}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link href={categoryHref(category)} className={styles.link}>
            <Image className={styles.icon} src={category.imagePath} alt="" width={32} height={32} unoptimized />
            <span>{category.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <nav aria-label={t('label')} className={styles.bar}>
      {withScrollButtons ? (
        <CategoriesScroller previousLabel={t('scrollLeft')} nextLabel={t('scrollRight')}>
          {list}
        </CategoriesScroller>
      ) : (
        <div className={styles.track}>{list}</div>
      )}
    </nav>
  );
}

/** The bar's place while its categories load: one row as tall as a category's link, by the bar's own rules. */
export function CategoriesBarSkeleton() {
  return (
    <div className={styles.bar}>
      <div className={styles.list}>
        <span className={styles.link} />
      </div>
    </div>
  );
}
