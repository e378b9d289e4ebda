import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StaffInvitation } from '@/components/staff/staff-invitation';
import { PageFrame } from '@/components/ui/page-frame';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata, firstParam } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

// The address carries the invitation's token: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/invitation';

type PageProps = { params: Promise<{ lng: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'staffAuth' });
  return accountPageMetadata(lng, ROUTE_PATH, t('invitation.title'));
}

/**
 * A staff invitation's page (the e-mailed link): the invitee sets their own password and second factor and is signed
 * in. Not indexed; the token travels on to the api in a request body.
 */
export default async function StaffInvitationPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  const [t, query] = await Promise.all([getTranslations({ locale: lng, namespace: 'staffAuth' }), searchParams]);
  const token = firstParam(query.token) ?? '';
  return (
    <PageFrame title={t('invitation.title')}>
      <PageMessages lng={lng} namespaces={['staffAuth', 'account', 'errors', 'backOffice']}>
        {token ? <StaffInvitation lng={lng} token={token} /> : <p role="alert">{t('invitation.invalid')}</p>}
      </PageMessages>
    </PageFrame>
  );
}
