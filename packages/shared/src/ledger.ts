/**
 * Every kind of money movement the operator makes, and the class each belongs to. The ledger refuses any other kind
 * (a check on `ledger_transfers.kind`); the wallet, the reports and the transaction history read these lists only.
 */
export const TRANSFER_CLASSES = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_request', 'withdrawal_paid', 'withdrawal_rejected'],
  /** What a player stakes on a casino round or a sports bet. */
  stake: ['casino_bet', 'sports_stake'],
  /** A stake given back whole: a provider's rollback, a voided bet. */
  return: ['casino_rollback', 'sports_void'],
  /**
   * What play pays out; `sports_reversal` is a trader's re-settlement taking back what an earlier settlement paid,
   * so it lowers the wins as the payout it reverses had raised them; `sports_cash_out` pays an open bet's cash-out
   * price (all or part of it) before its result.
   */
  win: ['casino_win', 'sports_payout', 'sports_reversal', 'sports_cash_out'],
  /** `cashback`: a cashback campaign's share of net losses paid as cash (house bonus pool -> main). */
  bonus: ['bonus_grant', 'bonus_conversion', 'bonus_forfeit', 'cashback'],
  adjustment: ['manual_adjustment'],
} as const;
export type TransferClass = keyof typeof TRANSFER_CLASSES;
export type TransferKind = (typeof TRANSFER_CLASSES)[TransferClass][number];

/** Every transfer kind, in the order the transaction history lists them. */
export const TRANSFER_KINDS = [
  'deposit',
  'withdrawal_request',
  'withdrawal_paid',
  'withdrawal_rejected',
  'casino_bet',
  'casino_win',
  'casino_rollback',
  'bonus_grant',
  'bonus_conversion',
  'bonus_forfeit',
  'cashback',
  'sports_stake',
  'sports_payout',
  'sports_void',
  'sports_reversal',
  'sports_cash_out',
  'manual_adjustment',
] as const satisfies readonly TransferKind[];

/** The kinds of some classes, e.g. `kindsOf('stake', 'return')` for what play took. */
export function kindsOf(...classes: TransferClass[]): TransferKind[] {
  return classes.flatMap((name) => [...TRANSFER_CLASSES[name]]);
}

/** The transfer kinds of each product's stake, payout, void and take-back. */
export const PRODUCT_TRANSFER_KINDS = {
  casino: { stake: 'casino_bet', pay: 'casino_win', refund: 'casino_rollback', takeBack: null },
  sports: { stake: 'sports_stake', pay: 'sports_payout', refund: 'sports_void', takeBack: 'sports_reversal' },
} as const satisfies Record<
  string,
  { stake: TransferKind; pay: TransferKind; refund: TransferKind; takeBack: TransferKind | null }
>;

export function isTransferKind(value: unknown): value is TransferKind {
  return typeof value === 'string' && (TRANSFER_KINDS as readonly string[]).includes(value);
}
