import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { ProfileView } from '@/components/account/profile-view';
import { PageMessages } from '@/i18n/page-messages';
import { getFormFields } from '@/lib/account/account-server';
import { accountPageMetadata, requireSessionCookie } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/profile';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'account' });
  return accountPageMetadata(lng, ROUTE_PATH, t('profile.title'));
}

/** The player's profile (player only). */
export default async function ProfilePage({ params }: PageProps) {
  const lng = await pageLocale(params);
  await requireSessionCookie(lng, ROUTE_PATH);
  const [passwordFields, preferenceFields, registerFields, t] = await Promise.all([
    getFormFields(lng, 'password-change'),
    getFormFields(lng, 'user-properties'),
    getFormFields(lng, 'register'),
    getTranslations({ locale: lng, namespace: 'account' }),
  ]);
  const countries = registerFields.find((field) => field.name === 'country')?.options ?? [];
  const countryNames = Object.fromEntries(countries.map((option) => [option.value, option.label]));
  return (
    <PageFrame title={t('profile.title')} wide>
      <PageMessages lng={lng} namespaces={['account', 'cashbox', 'errors', 'protection']}>
        <ProfileView
          lng={lng}
          passwordFields={passwordFields}
          preferenceFields={preferenceFields}
          countryNames={countryNames}
        />
      </PageMessages>
    </PageFrame>
  );
}
