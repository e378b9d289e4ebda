import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { LoginForm } from '@/components/account/login-form';
import { PageMessages } from '@/i18n/page-messages';
import { getFormFields } from '@/lib/account/account-server';
import { accountPageMetadata, firstParam } from '@/lib/account/account-pages';
import { safeNextPath } from '@/lib/account/next-path';
import { pageLocale } from '@/lib/page-params';

// The address carries where to go after signing in: rendered for each request.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/auth/login';

type PageProps = { params: Promise<{ lng: string }>; searchParams: Promise<{ next?: string | string[] }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'account' });
  return accountPageMetadata(lng, ROUTE_PATH, t('login.title'), { indexable: true });
}

/** Login with e-mail or username. */
export default async function LoginPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  const [fields, t, query] = await Promise.all([
    getFormFields(lng, 'login'),
    getTranslations({ locale: lng, namespace: 'account' }),
    searchParams,
  ]);
  return (
    <PageFrame title={t('login.title')}>
      <PageMessages lng={lng} namespaces={['account', 'errors', 'signup']}>
        <LoginForm lng={lng} fields={fields} next={safeNextPath(firstParam(query.next))} />
      </PageMessages>
    </PageFrame>
  );
}
