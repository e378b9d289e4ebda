import type { Locale } from '@playhouse/shared/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PageFrame } from '@/components/ui/page-frame';
import { StaffChat } from '@/components/chat/staff/staff-chat';
import { redirect } from '@/i18n/navigation';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { getSessionUser } from '@/lib/account/account-server';
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

function toLogin(lng: Locale): never {
  return redirect({ href: { pathname: '/staff/login', query: { next: ROUTE_PATH } }, locale: lng });
}

/**
 * Support staff answer the chat here; visitors are sent to the staff sign-in, players get the 404 page. The api
 * decides what a staff member's roles allow: without the chat permission the desk's calls answer 403.
 */
export default async function StaffChatPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const role = (await getSessionUser())?.role ?? null;
  if (role === null) toLogin(lng);
  if (role !== 'staff') notFound();
  const t = await getTranslations({ locale: lng, namespace: 'staffChat' });
  return (
    <PageFrame title={t('title')} wide>
      <PageMessages lng={lng} namespaces={['staffChat']}>
        <StaffChat />
      </PageMessages>
    </PageFrame>
  );
}
