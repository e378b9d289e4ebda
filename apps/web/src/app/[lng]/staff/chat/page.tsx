import { userResponseSchema } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { AccountPage } from '@/components/account/account-page';
import { StaffChat } from '@/components/chat/staff/staff-chat';
import { redirect } from '@/i18n/navigation';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { SESSION_COOKIE } from '@/lib/account/session-cookie';
import { serverEnv, webServerHeaders } from '@/lib/env';
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

/** The signed-in user's role as the api sees it, or null without a live session. */
async function sessionRole(): Promise<string | null> {
  const session = (await cookies()).get(SESSION_COOKIE);
  if (!session) return null;
  const response = await fetch(`${serverEnv().API_URL}/spa/users/me`, {
    headers: { accept: 'application/json', cookie: `${SESSION_COOKIE}=${session.value}`, ...webServerHeaders() },
    cache: 'no-store',
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`GET /spa/users/me answered ${response.status}`);
  return userResponseSchema.parse(await response.json()).user.role;
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
  const role = await sessionRole();
  if (role === null) toLogin(lng);
  if (role !== 'staff') notFound();
  const t = await getTranslations({ locale: lng, namespace: 'staffChat' });
  return (
    <AccountPage title={t('title')} wide>
      <PageMessages lng={lng} namespaces={['staffChat']}>
        <StaffChat />
      </PageMessages>
    </AccountPage>
  );
}
