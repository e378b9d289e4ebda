import type { Locale } from '@playhouse/shared/locales';
import type { ReactNode } from 'react';
import type { PAGE_NAMESPACES } from '@/i18n/client-namespaces';
import { PageMessages } from '@/i18n/page-messages';

/**
 * The messages a back-office page's client components read: the kit's (`backOffice`: tables, filters, charts, frame),
 * the error texts, and the page's own namespaces (add yours to PAGE_NAMESPACES in i18n/client-namespaces.ts).
 */
export function OfficeMessages({
  lng,
  namespaces = [],
  children,
}: {
  lng: Locale;
  namespaces?: readonly (typeof PAGE_NAMESPACES)[number][];
  children: ReactNode;
}) {
  return (
    <PageMessages lng={lng} namespaces={['backOffice', 'errors', ...namespaces]}>
      {children}
    </PageMessages>
  );
}
