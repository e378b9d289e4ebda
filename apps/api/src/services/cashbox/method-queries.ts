import { and, asc, eq, type SQL } from 'drizzle-orm';
import { columnsEqual } from '../../lib/columns-equal';
import { schema, type DbOrTx } from '@playhouse/db';
import type { PaymentDirection } from '@playhouse/db/schema';

const { paymentMethods, paymentMethodLimits } = schema;

/** A method as the cashbox offers it: the method's own columns and its limits in one currency and direction. */
export type MethodOffer = Pick<typeof paymentMethods.$inferSelect, 'code' | 'provider' | 'kind' | 'name' | 'logo'> &
  Pick<typeof paymentMethodLimits.$inferSelect, 'minAmount' | 'maxAmount' | 'presets'>;

const offerColumns = {
  code: paymentMethods.code,
  provider: paymentMethods.provider,
  kind: paymentMethods.kind,
  name: paymentMethods.name,
  logo: paymentMethods.logo,
  minAmount: paymentMethodLimits.minAmount,
  maxAmount: paymentMethodLimits.maxAmount,
  presets: paymentMethodLimits.presets,
};

/** The active methods offered in a currency for one direction, with their limits there; `only` narrows them. */
function offers(db: DbOrTx, currency: string, direction: PaymentDirection, only?: SQL) {
  return db
    .select(offerColumns)
    .from(paymentMethods)
    .innerJoin(paymentMethodLimits, eq(paymentMethodLimits.methodCode, paymentMethods.code))
    .where(and(only, eq(paymentMethods.active, true), columnsEqual(paymentMethodLimits, { currency, direction })));
}

/** The active methods offered in a currency for one direction, in display order. */
export async function listMethodOffers(
  db: DbOrTx,
  currency: string,
  direction: PaymentDirection,
): Promise<MethodOffer[]> {
  return offers(db, currency, direction).orderBy(asc(paymentMethods.position), asc(paymentMethods.code));
}

export async function findMethodOffer(
  db: DbOrTx,
  code: string,
  currency: string,
  direction: PaymentDirection,
): Promise<MethodOffer | null> {
  const [row] = await offers(db, currency, direction, eq(paymentMethods.code, code));
  return row ?? null;
}
