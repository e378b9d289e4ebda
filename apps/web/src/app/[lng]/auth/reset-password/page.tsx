import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { ResetPasswordForm } from '@/components/account/reset-password-form';
import { Link } from '@/i18n/navigation';
import { PageMessages } from '@/i18n/page-messages';
import { getFormFields, isResetTokenValid } from '@/lib/account/account-server';
import { accountPageMetadata, firstParam } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/auth/reset-password';

type PageProps = { params: Promise<{ lng: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'account' });
  return accountPageMetadata(lng, ROUTE_PATH, t('reset.title'));
}

/** The e-mailed reset link's page: the token is checked first; only a good one gets the form. */
export default async function ResetPasswordPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  const token = firstParam((await searchParams).token) ?? '';
  const [valid, fields, t] = await Promise.all([
    isResetTokenValid(token),
    getFormFields(lng, 'password-reset'),
    getTranslations({ locale: lng, namespace: 'account' }),
  ]);
  if (!valid) {
    return (
      <PageFrame title={t('reset.title')}>
        <p role="alert">{t('reset.invalid')}</p>
        <p>
          <Link href="/auth/password-recovery">{t('reset.requestNew')}</Link>
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('reset.title')} intro={t('reset.intro')}>
      <PageMessages lng={lng} namespaces={['account', 'errors']}>
        <ResetPasswordForm lng={lng} token={token} fields={fields} />
      </PageMessages>
    </PageFrame>
  );
}
