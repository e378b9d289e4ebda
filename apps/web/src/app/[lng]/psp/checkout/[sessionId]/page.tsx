import { pspSessionParamsSchema } from '@playhouse/shared';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PageFrame } from '@/components/ui/page-frame';
import { PspCheckout } from '@/components/cashbox/psp-checkout';
import { PageMessages } from '@/i18n/page-messages';
import { getPspSession } from '@/lib/account/account-server';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

type PageProps = { params: Promise<{ lng: string; sessionId: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'cashbox' });
  return { title: t('psp.title'), robots: { index: false, follow: false } };
}

/**
 * The sandbox payment provider's hosted payment page. At a real provider it would live on the provider's site; the
 * session id in the address is the capability, no player session is needed.
 */
export default async function PspCheckoutPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const parsed = pspSessionParamsSchema.safeParse({ sessionId: (await params).sessionId });
  if (!parsed.success) notFound();
  const [session, t] = await Promise.all([
    getPspSession(parsed.data.sessionId),
    getTranslations({ locale: lng, namespace: 'cashbox' }),
  ]);
  if (!session) notFound();
  return (
    <PageFrame title={t('psp.title')}>
      <PageMessages lng={lng} namespaces={['account', 'cashbox', 'errors']}>
        <PspCheckout lng={lng} session={session} />
      </PageMessages>
    </PageFrame>
  );
}
