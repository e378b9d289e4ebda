import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { navItemsFor } from '@/components/back-office/nav-items';
import { OfficeNav } from '@/components/back-office/office-nav';
import { SecondFactorDialog } from '@/components/back-office/second-factor-dialog';
import { SessionWatch } from '@/components/back-office/session-watch';
import styles from '@/components/back-office/office-shell.module.css';
import { PageMessages } from '@/i18n/page-messages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

// Personal to the member: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

// No back-office page is ever indexed, whatever a page's own head says.
export const metadata: Metadata = { robots: { index: false, follow: false } };

type LayoutProps = { children: ReactNode; params: Promise<{ lng: string }> };

/**
 * The back office: signed-in staff only (a visitor goes to the staff sign-in and back, a player gets the 404 page),
 * its navigation built from nav-items.ts for the member's roles, and the watch that ends an idle session.
 */
export default async function OfficeLayout({ children, params }: LayoutProps) {
  const lng = await pageLocale(params);
  const me = await requireStaff(lng);
  const t = await getTranslations({ locale: lng, namespace: 'backOffice' });
  const items = navItemsFor(me.roles).map((item) => ({ href: item.href, label: t(`nav.${item.labelKey}`) }));
  return (
    <div className={styles.office}>
      {/* Not an <aside>: inside <main>, a complementary landmark would not be top-level. */}
      <div className={styles.side}>
        <p className={styles.who}>
          {t('shell.signedInAs', { name: me.user.username })}
          <span className={styles.roles}>{me.roles.map((role) => t(`roles.${role}`)).join(', ')}</span>
        </p>
        <OfficeNav label={t('nav.label')} items={items} />
      </div>
      <div className={styles.content}>{children}</div>
      <SessionWatch lng={lng} idleTimeoutMs={me.idleTimeoutMs} />
      {/* Its own texts: the pages hand theirs to their own content only. */}
      <PageMessages lng={lng} namespaces={['staffAuth', 'errors']}>
        <SecondFactorDialog lng={lng} />
      </PageMessages>
    </div>
  );
}
