import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { PlayerPage } from '@/components/back-office/players/player-page';
import { playerPermissions } from '@/components/back-office/players/player-permissions';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

type PageProps = { params: Promise<{ lng: string; id: string }> };

function playerId(raw: string): number | null {
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const { id } = await params;
  const t = await getTranslations({ locale: lng, namespace: 'boPlayers' });
  return accountPageMetadata(lng, `/staff/players/${playerId(id) ?? ''}`, t('title'));
}

/** A player's page with its sections; what the member may do follows their roles (the api checks each call). */
export default async function PlayerDetailPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const me = await requireStaff(lng);
  const id = playerId((await params).id);
  if (id === null || !staffMay(me.roles, 'players.read')) notFound();
  return (
    <OfficeMessages lng={lng} namespaces={['boPlayers', 'cashbox', 'boTrading', 'boMoney']}>
      <PlayerPage playerId={id} may={playerPermissions(me.roles)} />
    </OfficeMessages>
  );
}
