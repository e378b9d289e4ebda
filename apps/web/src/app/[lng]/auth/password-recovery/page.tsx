import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { RecoveryForm } from '@/components/account/recovery-form';
import { PageMessages } from '@/i18n/page-messages';
import { getFormFields } from '@/lib/account/account-server';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

const ROUTE_PATH = '/auth/password-recovery';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'account' });
  return accountPageMetadata(lng, ROUTE_PATH, t('recovery.title'));
}

/** Password recovery: a reset link by e-mail. */
export default async function PasswordRecoveryPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [fields, t] = await Promise.all([
    getFormFields(lng, 'password-recovery'),
    getTranslations({ locale: lng, namespace: 'account' }),
  ]);
  return (
    <PageFrame title={t('recovery.title')} intro={t('recovery.intro')}>
      <PageMessages lng={lng} namespaces={['account', 'errors', 'signup']}>
        <RecoveryForm lng={lng} fields={fields} />
      </PageMessages>
    </PageFrame>
  );
}
