import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { TradingMatchDesk } from '@/components/back-office/trading/trading-match';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { getTradingMatch } from '@/lib/back-office/trading-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

type PageProps = { params: Promise<{ lng: string; matchId: string }> };

/** The match id of the address: a positive whole number, else the page does not exist. */
async function matchIdOf(params: PageProps['params']): Promise<number> {
  const { matchId } = await params;
  if (!/^[1-9]\d{0,14}$/.test(matchId)) notFound();
  return Number(matchId);
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const matchId = await matchIdOf(params);
  const t = await getTranslations({ locale: lng, namespace: 'boTrading' });
  return accountPageMetadata(lng, `/staff/trading/matches/${matchId}`, t('fixtures.match'));
}

/** A match on the trading desk: its markets, the liability per outcome, and the trader's actions. */
export default async function TradingMatchPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const matchId = await matchIdOf(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boTrading' })]);
  if (!staffMay(me.roles, 'trading.read')) notFound();
  const match = await getTradingMatch(lng, matchId);
  if (!match) notFound();
  return (
    <OfficeFrame
      title={t('match.title', { team1: match.team1, team2: match.team2 })}
      breadcrumbs={[{ href: '/staff/trading', label: t('fixtures.title') }]}
    >
      <OfficeMessages lng={lng} namespaces={['boTrading']}>
        <TradingMatchDesk lng={lng} matchId={matchId} canManage={staffMay(me.roles, 'trading.manage')} />
      </OfficeMessages>
    </OfficeFrame>
  );
}
