import { browserApi, lazySchema } from '../browser-api';

// The contracts (and zod) load with the first answer, not with the page.
const contracts = () => import('@playhouse/shared/contracts/receipts');
const schema = <K extends keyof Awaited<ReturnType<typeof contracts>>>(name: K) => lazySchema(contracts, name);

/** Where the web publishes the operator's receipt keys (the api's list, through the /spa rewrite's neighbour). */
export const RECEIPT_KEYS_PATH = '/.well-known/playhouse-receipt-keys.json';

/** GET /spa/users/receipts?bet=: every receipt of one of the player's bets. */
export function fetchBetReceipts(betId: string) {
  return browserApi('/spa/users/receipts', schema('receiptsResponseSchema'), { query: { bet: betId } });
}

/** GET /spa/users/receipts?provider=&round=: every receipt of one of the player's casino rounds. */
export function fetchRoundReceipts(provider: string, round: string) {
  return browserApi('/spa/users/receipts', schema('receiptsResponseSchema'), { query: { provider, round } });
}

/** The published keys, every one ever used. */
export function fetchReceiptKeys() {
  return browserApi(RECEIPT_KEYS_PATH, schema('receiptKeysResponseSchema'));
}

/** POST /spa/staff/receipts/verify: a receipt a player brings, checked by the api (and whom it was issued to). */
export function staffCheckReceipt(receipt: unknown) {
  return browserApi('/spa/staff/receipts/verify', schema('receiptCheckSchema'), {
    method: 'POST',
    body: { receipt },
  });
}

/** Hands the browser a JSON file to save: the bundle of receipts as the api issued them. */
export function saveJsonFile(fileName: string, value: unknown): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
