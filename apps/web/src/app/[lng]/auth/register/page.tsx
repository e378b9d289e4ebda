import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { RegisterForm } from '@/components/account/register-form';
import { PageMessages } from '@/i18n/page-messages';
import { getFormFields, jurisdictionOf, visitorCountry } from '@/lib/account/account-server';
import { accountPageMetadata, firstParam } from '@/lib/account/account-pages';
import { safeNextPath } from '@/lib/account/next-path';
import { pageLocale } from '@/lib/page-params';

// The address carries where to go after signing in: rendered for each request.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/auth/register';

type PageProps = { params: Promise<{ lng: string }>; searchParams: Promise<{ next?: string | string[] }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'account' });
  return accountPageMetadata(lng, ROUTE_PATH, t('register.title'), { indexable: true });
}

/** SPEC.md §2 "/{lng}/auth/register": registration, where visitors are sent when a page needs a player. */
export default async function RegisterPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  const [fields, t, query, country] = await Promise.all([
    getFormFields(lng, 'register'),
    getTranslations({ locale: lng, namespace: 'account' }),
    searchParams,
    visitorCountry(),
  ]);
  // Before the visitor registers, say which rules a player in their country plays under (the notice is no promise:
  // the country the player declares decides).
  const profile = country ? await jurisdictionOf(country).catch(() => null) : null;
  const countryName = country ? (new Intl.DisplayNames([lng], { type: 'region' }).of(country) ?? country) : '';
  return (
    <PageFrame title={t('register.title')} intro={t('register.intro')}>
      {profile === 'uk' || profile === 'mga' ? (
        <p role="note">{t(`register.jurisdiction.${profile}`, { country: countryName })}</p>
      ) : null}
      <PageMessages lng={lng} namespaces={['account', 'errors', 'signup']}>
        <RegisterForm lng={lng} fields={fields} next={safeNextPath(firstParam(query.next))} countryGuess={country} />
      </PageMessages>
    </PageFrame>
  );
}
