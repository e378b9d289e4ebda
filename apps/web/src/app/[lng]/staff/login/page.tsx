import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StaffSignIn } from '@/components/staff/staff-sign-in';
import { PageFrame } from '@/components/ui/page-frame';
import { PageMessages } from '@/i18n/page-messages';
import { getFormFields } from '@/lib/account/account-server';
import { accountPageMetadata, firstParam } from '@/lib/account/account-pages';
import { safeNextPath } from '@/lib/account/next-path';
import { pageLocale } from '@/lib/page-params';

// The address carries where to go after signing in: rendered for each request.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/login';
/** Where staff land when the address names nowhere else. */
const STAFF_HOME = '/staff';

type PageProps = { params: Promise<{ lng: string }>; searchParams: Promise<{ next?: string | string[] }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'staffAuth' });
  return accountPageMetadata(lng, ROUTE_PATH, t('title'));
}

/** The staff sign-in: password, then the authenticator code (set up first, the first time). Not indexed. */
export default async function StaffLoginPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  const [fields, t, query] = await Promise.all([
    getFormFields(lng, 'login'),
    getTranslations({ locale: lng, namespace: 'staffAuth' }),
    searchParams,
  ]);
  const next = safeNextPath(firstParam(query.next), STAFF_HOME);
  return (
    <PageFrame title={t('title')}>
      <PageMessages lng={lng} namespaces={['staffAuth', 'account', 'errors', 'signup']}>
        <StaffSignIn lng={lng} fields={fields} next={next} />
      </PageMessages>
    </PageFrame>
  );
}
