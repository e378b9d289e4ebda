import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { StaffChat } from '@/components/chat/staff/staff-chat';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/chat';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'staffChat' });
  return accountPageMetadata(lng, ROUTE_PATH, t('title'));
}

/**
 * Support staff answer the chat here, inside the back office (whose layout lets only signed-in staff in). The api
 * decides what a staff member's roles allow: without the chat permission the desk's calls answer 403.
 */
export default async function StaffChatPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'staffChat' });
  return (
    <OfficeMessages lng={lng} namespaces={['staffChat']}>
      <OfficeFrame title={t('title')}>
        <StaffChat />
      </OfficeFrame>
    </OfficeMessages>
  );
}
