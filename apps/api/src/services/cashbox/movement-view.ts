import { asCurrency, formatAmount } from '../../lib/amounts';

/** What a deposit's and a withdrawal's view open with: which one, where it stands, by which method, how much. */
export function movementHead<Status extends string>(row: {
  id: string;
  status: Status;
  methodCode: string;
  amount: bigint;
  currency: string;
}) {
  return {
    id: row.id,
    status: row.status,
    method: row.methodCode,
    amount: formatAmount(row.amount, row.currency),
    currency: asCurrency(row.currency),
  };
}
