'use client';

import { Link, usePathname } from '@/i18n/navigation';
import { currentNavItem } from './nav-items';
import styles from './office-shell.module.css';

type OfficeNavProps = {
  label: string;
  /** The screens this member may use (nav-items.ts, already filtered by their roles), with their names. */
  items: { href: `/staff${string}`; label: string }[];
};

/** The back office's navigation: the screens the member's roles allow, the current one marked. */
export function OfficeNav({ label, items }: OfficeNavProps) {
  const pathname = usePathname();
  const current = currentNavItem(items, pathname);
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={item === current ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
