import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { PlayersScreen } from '@/components/back-office/players/players-screen';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boPlayers' });
  return accountPageMetadata(lng, '/staff/players', t('title'));
}

/** The players screen: search, filter, sort, page and export players (support, finance, risk). */
export default async function PlayersPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const me = await requireStaff(lng);
  if (!staffMay(me.roles, 'players.read')) notFound();
  const t = await getTranslations({ locale: lng, namespace: 'boPlayers' });
  return (
    <OfficeMessages lng={lng} namespaces={['boPlayers']}>
      <OfficeFrame title={t('title')}>
        <PlayersScreen />
      </OfficeFrame>
    </OfficeMessages>
  );
}
