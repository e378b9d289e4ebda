import { and, asc, eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { PaymentDirection } from '@playhouse/db/schema';

const { paymentMethods, paymentMethodLimits } = schema;

export interface MethodOffer {
  code: string;
  provider: string;
  kind: (typeof paymentMethods.$inferSelect)['kind'];
  name: (typeof paymentMethods.$inferSelect)['name'];
  logo: string;
  minAmount: bigint;
  maxAmount: bigint;
  presets: bigint[];
}

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

/** The active methods offered in a currency for one direction, in display order. */
export async function listMethodOffers(
  db: DbOrTx,
  currency: string,
  direction: PaymentDirection,
): Promise<MethodOffer[]> {
  return db
    .select(offerColumns)
    .from(paymentMethods)
    .innerJoin(paymentMethodLimits, eq(paymentMethodLimits.methodCode, paymentMethods.code))
    .where(
      and(
        eq(paymentMethods.active, true),
        eq(paymentMethodLimits.currency, currency),
        eq(paymentMethodLimits.direction, direction),
      ),
    )
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.code));
}

export async function findMethodOffer(
  db: DbOrTx,
  code: string,
  currency: string,
  direction: PaymentDirection,
): Promise<MethodOffer | null> {
  const [row] = await db
    .select(offerColumns)
    .from(paymentMethods)
    .innerJoin(paymentMethodLimits, eq(paymentMethodLimits.methodCode, paymentMethods.code))
    .where(
      and(
        eq(paymentMethods.code, code),
        eq(paymentMethods.active, true),
        eq(paymentMethodLimits.currency, currency),
        eq(paymentMethodLimits.direction, direction),
      ),
    );
  return row ?? null;
}
