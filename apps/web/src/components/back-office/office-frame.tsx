import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import styles from './office-frame.module.css';
import layout from '@/components/ui/layout.module.css';

export interface Breadcrumb {
  /** An address under /{lng} (the locale is added); the current page is the last crumb, without one. */
  href?: string;
  label: string;
}

type OfficeFrameProps = {
  title: string;
  /** The way here from the back office's home, before this page (which ends the trail); false on the home page. */
  breadcrumbs?: Breadcrumb[] | false;
  /** The page's own actions (a "new" button, an export), beside the title. */
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of a back-office page: the trail that led here, the page's heading and actions, then its content. */
export function OfficeFrame({ title, breadcrumbs = [], actions, children }: OfficeFrameProps) {
  const t = useTranslations('backOffice');
  const trail: Breadcrumb[] | null =
    breadcrumbs === false ? null : [{ href: '/staff', label: t('nav.home') }, ...breadcrumbs];
  return (
    <div className={styles.frame}>
      {trail ? (
        <nav aria-label={t('frame.breadcrumbs')} className={styles.breadcrumbs}>
          <ol>
            {trail.map((crumb) => (
              <li key={`${crumb.href ?? ''}${crumb.label}`}>
                {crumb.href ? <Link href={crumb.href}>{crumb.label}</Link> : crumb.label}
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      ) : null}
      <div className={`${layout.spread} ${layout.wide}`}>
        <h1 className={styles.title}>{title}</h1>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
