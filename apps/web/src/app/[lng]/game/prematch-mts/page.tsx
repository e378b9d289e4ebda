import { redirect } from '@/i18n/navigation';
import { pageLocale } from '@/lib/page-params';
import { SPORTSBOOK_PATH } from '@/lib/sports/match-path';

type PageProps = { params: Promise<{ lng: string }> };

/** SPEC.md §2's sportsbook address (the Sports category's head game): old links find the sportsbook. */
export default async function PrematchIndexPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  return redirect({ href: SPORTSBOOK_PATH, locale: lng });
}
