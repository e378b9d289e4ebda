import type { DbOrTx } from '@playhouse/db';
import type { PaymentDirection } from '@playhouse/db/schema';
import type { Currency } from '@playhouse/shared';
import { formatAmount, parsePositiveAmount } from '../../lib/amounts';
import { AmountOutOfRangeError, PaymentMethodUnavailableError } from './cashbox-errors';
import { findMethodOffer, type MethodOffer } from './method-queries';

/** The method the request names, as offered in the user's currency, and the amount checked against its bounds. */
export async function checkedOffer(
  db: DbOrTx,
  request: { method: string; amount: string; currency: Currency; direction: PaymentDirection },
): Promise<{ offer: MethodOffer; amount: bigint }> {
  const amount = parsePositiveAmount(request.amount, request.currency);
  const offer = await findMethodOffer(db, request.method, request.currency, request.direction);
  if (!offer) throw new PaymentMethodUnavailableError();
  if (amount < offer.minAmount || amount > offer.maxAmount) {
    throw new AmountOutOfRangeError(
      formatAmount(offer.minAmount, request.currency),
      formatAmount(offer.maxAmount, request.currency),
      request.currency,
    );
  }
  return { offer, amount };
}
