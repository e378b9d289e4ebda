import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConfirmEmailForm } from '@/components/account/confirm-email-form';
import { PageFrame } from '@/components/ui/page-frame';
import { PageMessages } from '@/i18n/page-messages';
import { getFormFields } from '@/lib/account/account-server';
import { accountPageMetadata, firstParam } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/auth/confirm-email';

type PageProps = { params: Promise<{ lng: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'signup.confirm' });
  return accountPageMetadata(lng, ROUTE_PATH, t('title'));
}

/** The registration e-mail's link: confirming the address creates the account and signs the player in. */
export default async function ConfirmEmailPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  const token = firstParam((await searchParams).token) ?? '';
  const [fields, t] = await Promise.all([
    getFormFields(lng, 'register'),
    getTranslations({ locale: lng, namespace: 'signup.confirm' }),
  ]);
  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <PageMessages lng={lng} namespaces={['account', 'errors', 'signup']}>
        <ConfirmEmailForm lng={lng} token={token} usernameField={fields.find((field) => field.name === 'username')} />
      </PageMessages>
    </PageFrame>
  );
}
