import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { StaffChat } from '@/components/chat/staff/staff-chat';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
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
 * decides what a staff member's roles allow: without the chat permission the desk's calls answer 403. A member who
 * may read players sees the conversation's player beside it.
 */
export default async function StaffChatPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'staffChat' });
  const me = await requireStaff(lng);
  return (
    <OfficeMessages lng={lng} namespaces={['staffChat', 'boPlayers']}>
      <OfficeFrame title={t('title')}>
        <StaffChat canReadPlayers={staffMay(me.roles, 'players.read')} />
      </OfficeFrame>
    </OfficeMessages>
  );
}
