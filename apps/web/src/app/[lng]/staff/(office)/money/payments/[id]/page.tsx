import type { Metadata } from 'next';
import { MoneyDetailPage, moneyDetailMetadata } from '@/components/back-office/money/money-detail-page';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

type PageProps = { params: Promise<{ lng: string; id: string }> };

export function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return moneyDetailMetadata('payment', params);
}

/** A deposit with its webhook history. */
export default function Page({ params }: PageProps) {
  return <MoneyDetailPage kind="payment" params={params} />;
}
