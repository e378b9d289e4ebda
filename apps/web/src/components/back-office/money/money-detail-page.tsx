import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';
import { PaymentDetail } from './payment-detail';
import { WithdrawalDetail } from './withdrawal-detail';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The two money records with a page of their own: their list (the breadcrumb), who may read them, what shows one. */
const KINDS = {
  payment: { list: 'payments', permission: 'payments.read', Detail: PaymentDetail },
  withdrawal: { list: 'withdrawals', permission: 'withdrawals.read', Detail: WithdrawalDetail },
} as const;

export type MoneyDetailKind = keyof typeof KINDS;
export type MoneyDetailParams = Promise<{ lng: string; id: string }>;

const routePath = (kind: MoneyDetailKind) => `/staff/money/${KINDS[kind].list}`;

export async function moneyDetailMetadata(kind: MoneyDetailKind, params: MoneyDetailParams): Promise<Metadata> {
  const lng = await pageLocale(params);
  const { id } = await params;
  const t = await getTranslations({ locale: lng, namespace: 'boMoney' });
  return accountPageMetadata(lng, `${routePath(kind)}/${id}`, t(`${kind}.title`, { id: id.slice(0, 8) }));
}

/**
 * A payment's or a withdrawal's page in the office frame. Staff whose roles do not allow it get the 404 page (the api
 * refuses them anyway), as does an id that is no UUID.
 */
export async function MoneyDetailPage({ kind, params }: { kind: MoneyDetailKind; params: MoneyDetailParams }) {
  const lng = await pageLocale(params);
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boMoney' })]);
  const { list, permission, Detail } = KINDS[kind];
  if (!staffMay(me.roles, permission)) notFound();
  return (
    <OfficeMessages lng={lng} namespaces={['boMoney']}>
      <OfficeFrame
        title={t(`${kind}.title`, { id: id.slice(0, 8) })}
        breadcrumbs={[{ href: routePath(kind), label: t(`${list}.title`) }]}
      >
        <Detail lng={lng} id={id} />
      </OfficeFrame>
    </OfficeMessages>
  );
}
