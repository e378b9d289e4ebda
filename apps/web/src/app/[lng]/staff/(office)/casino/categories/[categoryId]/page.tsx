import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CategoryOrder } from '@/components/back-office/casino/category-order';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

type PageProps = { params: Promise<{ lng: string; categoryId: string }> };

async function categoryIdOf(params: PageProps['params']): Promise<number> {
  const { categoryId } = await params;
  if (!/^[1-9]\d{0,8}$/.test(categoryId)) notFound();
  return Number(categoryId);
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const categoryId = await categoryIdOf(params);
  const t = await getTranslations({ locale: lng, namespace: 'boCasino' });
  return accountPageMetadata(lng, `/staff/casino/categories/${categoryId}`, t('order.caption'));
}

/** The order of one category's games. */
export default async function CasinoCategoryOrderPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const categoryId = await categoryIdOf(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boCasino' })]);
  if (!staffMay(me.roles, 'casino.read')) notFound();
  return (
    <OfficeFrame
      title={t('order.caption')}
      breadcrumbs={[
        { href: '/staff/casino', label: t('games.title') },
        { href: '/staff/casino/categories', label: t('categories.title') },
      ]}
    >
      <OfficeMessages lng={lng} namespaces={['boCasino']}>
        <CategoryOrder lng={lng} categoryId={categoryId} canManage={staffMay(me.roles, 'casino.manage')} />
      </OfficeMessages>
    </OfficeFrame>
  );
}
