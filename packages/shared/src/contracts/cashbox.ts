import { z } from 'zod';
import { TRANSFER_KINDS } from '../ledger';
import { CURRENCY_CODES } from '../money';
import { positiveAmountSchema } from './amount';

/** Error codes of the balance, cashbox and payment calls (beside the common ones in errors.ts). */
export const CASHBOX_ERROR_CODES = [
  'insufficient_funds',
  'idempotency_key_reused',
  'payment_method_unavailable',
  'amount_out_of_range',
  'withdrawal_state_conflict',
  'checkout_closed',
  'webhook_signature_invalid',
  'withdrawal_forfeits_bonus',
] as const;
export type CashboxErrorCode = (typeof CASHBOX_ERROR_CODES)[number];

export const BALANCE_ACCOUNTS = ['main', 'bonus'] as const;
export type BalanceAccount = (typeof BALANCE_ACCOUNTS)[number];

export { positiveAmountSchema };

/** A signed amount, for staff adjustments ("-10.00" debits). */
export const signedAmountSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'must be a decimal amount with at most two decimals')
  .refine((value) => /[1-9]/.test(value), 'must not be zero');

/** The client's retry key for a request that moves money: the same key answers with the first response. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9_.:-]+$/),
});

const currencySchema = z.enum(CURRENCY_CODES);

// Balances (SPEC.md §3, §7.5–6)

export const balanceSlotSchema = z.object({ balance: z.string(), ajaxRefreshRoute: z.string() });
export const balancesResponseSchema = z
  .object({
    mainBalance: balanceSlotSchema,
    bonusBalance: balanceSlotSchema,
    code: currencySchema,
    flipBalances: z.boolean(),
  })
  .meta({ id: 'Balances' });
export type BalancesResponse = z.infer<typeof balancesResponseSchema>;
export const balanceAmountResponseSchema = z.object({ amount: z.string() }).meta({ id: 'BalanceAmount' });

// Deposit limits

export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const depositLimitSchema = z
  .object({
    period: z.enum(LIMIT_PERIODS),
    /** The limit in force; null: none. */
    amount: z.string().nullable(),
    /** A raise or removal (null) waiting for pendingEffectiveAt. */
    pendingAmount: z.string().nullable(),
    pendingEffectiveAt: z.string().nullable(),
  })
  .meta({ id: 'DepositLimit' });
export type DepositLimit = z.infer<typeof depositLimitSchema>;
export const depositLimitsResponseSchema = z.object({ limits: z.array(depositLimitSchema) });
export const putDepositLimitBodySchema = z
  .object({ period: z.enum(LIMIT_PERIODS), amount: positiveAmountSchema.nullable() })
  .meta({ id: 'PutDepositLimitBody' });
export type PutDepositLimitBody = z.infer<typeof putDepositLimitBodySchema>;

// Cashbox

export const PAYMENT_METHOD_KINDS = ['card', 'bank_transfer'] as const;

export const paymentMethodSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    kind: z.enum(PAYMENT_METHOD_KINDS),
    logo: z.string(),
    min: z.string(),
    max: z.string(),
    presets: z.array(z.string()),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** What a payout needs per method kind; the web labels each field through its messages. */
export const WITHDRAWAL_DETAIL_FIELDS = {
  card: [],
  bank_transfer: ['iban', 'accountHolder'],
} as const satisfies Record<(typeof PAYMENT_METHOD_KINDS)[number], readonly string[]>;

export const withdrawalMethodSchema = paymentMethodSchema
  .omit({ presets: true })
  .extend({ detailFields: z.array(z.string()) })
  .meta({ id: 'WithdrawalMethod' });
export type WithdrawalMethod = z.infer<typeof withdrawalMethodSchema>;

export const cashboxLimitSchema = depositLimitSchema
  .extend({
    /** Deposits (succeeded or pending) inside the period's rolling window. */
    used: z.string(),
    remaining: z.string().nullable(),
  })
  .meta({ id: 'CashboxLimit' });

export const cashboxResponseSchema = z
  .object({
    currency: currencySchema,
    methods: z.array(paymentMethodSchema),
    withdrawalMethods: z.array(withdrawalMethodSchema),
    limits: z.array(cashboxLimitSchema),
  })
  .meta({ id: 'Cashbox' });
export type CashboxResponse = z.infer<typeof cashboxResponseSchema>;

export const DEPOSIT_STATUSES = ['pending', 'succeeded', 'declined'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const createDepositBodySchema = z
  .object({ method: z.string().min(1).max(64), amount: positiveAmountSchema })
  .meta({ id: 'CreateDepositBody' });
export type CreateDepositBody = z.infer<typeof createDepositBodySchema>;

export const depositSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(DEPOSIT_STATUSES),
    method: z.string(),
    amount: z.string(),
    currency: currencySchema,
    /** The payment provider's hosted payment page. */
    redirectUrl: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Deposit' });
export type Deposit = z.infer<typeof depositSchema>;
export const depositResponseSchema = z.object({ deposit: depositSchema });
export const uuidParamsSchema = z.object({ id: z.uuid() });

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const createWithdrawalBodySchema = z
  .object({
    method: z.string().min(1).max(64),
    amount: positiveAmountSchema,
    details: z.record(z.string().max(32), z.string().max(200)).default({}),
    /** The player confirms giving up the bonus being wagered (without it such a withdrawal is 409 withdrawal_forfeits_bonus). */
    forfeitBonus: z.boolean().optional(),
  })
  .meta({ id: 'CreateWithdrawalBody' });
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBodySchema>;

export const withdrawalSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(WITHDRAWAL_STATUSES),
    method: z.string(),
    amount: z.string(),
    currency: currencySchema,
    details: z.record(z.string(), z.string()),
    reason: z.string().nullable(),
    createdAt: z.string(),
    approvedAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    rejectedAt: z.string().nullable(),
  })
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalResponseSchema = z.object({ withdrawal: withdrawalSchema });

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
};

export const withdrawalsQuerySchema = z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional(), ...pageQuery });
export const withdrawalsResponseSchema = z.object({
  items: z.array(withdrawalSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});

// Transaction history

/** A day ("2025-01-31", from its start in UTC) or an instant with an offset. */
const instantSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const transactionsQuerySchema = z.object({
  kind: z.enum(TRANSFER_KINDS).optional(),
  account: z.enum(BALANCE_ACCOUNTS).optional(),
  /** Inclusive lower bound. */
  from: instantSchema.optional(),
  /** Exclusive upper bound; a bare day includes that whole day. */
  to: instantSchema.optional(),
  ...pageQuery,
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const transactionSchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    kind: z.enum(TRANSFER_KINDS),
    account: z.enum(BALANCE_ACCOUNTS),
    amount: z.string(),
    balanceAfter: z.string(),
    currency: currencySchema,
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionsResponseSchema = z.object({
  items: z.array(transactionSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});

// Sandbox payment provider (its hosted page and its webhooks)

export const PSP_SESSION_STATUSES = ['open', 'pending', 'succeeded', 'declined'] as const;
export type PspSessionStatus = (typeof PSP_SESSION_STATUSES)[number];

/** The sandbox's test cards and what each does. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', outcome: 'succeeded' },
  { number: '4000000000000002', outcome: 'declined' },
  { number: '4000000000000077', outcome: 'pending' },
] as const;

export const pspSessionParamsSchema = z.object({
  sessionId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const pspCheckoutSessionSchema = z
  .object({
    id: z.string(),
    merchantName: z.string(),
    amount: z.string(),
    currency: currencySchema,
    status: z.enum(PSP_SESSION_STATUSES),
    returnUrl: z.string(),
    testCards: z.array(z.object({ number: z.string(), outcome: z.enum(['succeeded', 'declined', 'pending']) })),
  })
  .meta({ id: 'PspCheckoutSession' });
export type PspCheckoutSession = z.infer<typeof pspCheckoutSessionSchema>;
export const pspCheckoutSessionResponseSchema = z.object({ session: pspCheckoutSessionSchema });

export const pspCheckoutBodySchema = z
  .object({
    cardNumber: z
      .string()
      .trim()
      .regex(/^[0-9 ]{12,23}$/),
    /** MM/YY */
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
    cvc: z.string().regex(/^\d{3,4}$/),
    holder: z.string().trim().min(1).max(100),
  })
  .meta({ id: 'PspCheckoutBody' });
export type PspCheckoutBody = z.infer<typeof pspCheckoutBodySchema>;

export const pspCheckoutResponseSchema = z
  .object({
    status: z.enum(PSP_SESSION_STATUSES),
    declineReason: z.string().nullable(),
    returnUrl: z.string(),
  })
  .meta({ id: 'PspCheckoutResult' });
export type PspCheckoutResponse = z.infer<typeof pspCheckoutResponseSchema>;

export const sandboxWebhookHeadersSchema = z.object({ 'x-sandbox-signature': z.string().max(512) });
export const webhookAckResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

// Staff (the back office and the ops command line)

export const staffAdjustmentBodySchema = z
  .object({
    login: z.string().trim().min(1).max(254),
    amount: signedAmountSchema,
    reason: z.string().trim().min(3).max(500),
  })
  .meta({ id: 'StaffAdjustmentBody' });
export type StaffAdjustmentBody = z.infer<typeof staffAdjustmentBodySchema>;

export const staffWithdrawalSchema = withdrawalSchema
  .extend({
    userId: z.number().int(),
    login: z.string(),
    reviewedBy: z.number().int().nullable(),
    /** Four eyes: the staff member who approved it and the one who paid it (never the same). */
    approvedBy: z.number().int().nullable(),
    paidBy: z.number().int().nullable(),
    /**
     * Held for review since then: a trader's re-settlement took back a payout the player had already withdrawn. It is
     * neither approved nor paid while the player owes that shortfall.
     */
    heldAt: z.string().nullable(),
  })
  .meta({ id: 'StaffWithdrawal' });
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;
export const staffWithdrawalsResponseSchema = z.object({
  items: z.array(staffWithdrawalSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export const staffWithdrawalResponseSchema = z.object({ withdrawal: staffWithdrawalSchema });
export const staffRejectWithdrawalBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });

export const staffLedgerParamsSchema = z.object({ login: z.string().trim().min(1).max(254) });
export const staffLedgerQuerySchema = z.object({ ...pageQuery });
export const staffLedgerResponseSchema = z.object({
  user: z.object({ id: z.number().int(), email: z.string(), username: z.string(), currency: currencySchema }),
  balances: z.object({ main: z.string(), bonus: z.string(), withdrawalsPending: z.string() }),
  items: z.array(transactionSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});

export const PSP_SETTLE_OUTCOMES = ['succeed', 'decline'] as const;
export const staffPspSettleBodySchema = z.object({ outcome: z.enum(PSP_SETTLE_OUTCOMES) });
export const staffPspSettleResponseSchema = z.object({
  sessionStatus: z.enum(PSP_SESSION_STATUSES),
  deposit: depositSchema,
});
