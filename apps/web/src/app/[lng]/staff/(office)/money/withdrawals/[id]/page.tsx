import type { Metadata } from 'next';
import { MoneyDetailPage, moneyDetailMetadata } from '@/components/back-office/money/money-detail-page';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

type PageProps = { params: Promise<{ lng: string; id: string }> };

export function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return moneyDetailMetadata('withdrawal', params);
}

/** A withdrawal's page: the player, the amount, the history, the two members who acted, the next decision. */
export default function Page({ params }: PageProps) {
  return <MoneyDetailPage kind="withdrawal" params={params} />;
}
