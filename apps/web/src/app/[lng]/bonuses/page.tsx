import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { BonusesView } from '@/components/bonuses/bonuses-view';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata, requireSessionCookie } from '@/lib/account/account-pages';
import { getFormFields } from '@/lib/account/account-server';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/bonuses';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'bonuses' });
  return accountPageMetadata(lng, ROUTE_PATH, t('page.title'));
}

/** The player's bonuses (player only): offers waiting for an answer, the bonus being wagered and the history. */
export default async function BonusesPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  await requireSessionCookie(lng, ROUTE_PATH);
  const [t, promoFields] = await Promise.all([
    getTranslations({ locale: lng, namespace: 'bonuses' }),
    getFormFields(lng, 'affiliate-promocode'),
  ]);
  return (
    <PageFrame title={t('page.title')} wide>
      <PageMessages lng={lng} namespaces={['account', 'cashbox', 'errors']}>
        <BonusesView promoFields={promoFields} />
      </PageMessages>
    </PageFrame>
  );
}
