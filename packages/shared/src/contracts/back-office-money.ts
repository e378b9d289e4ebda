import { z } from 'zod';
import { CURRENCY_CODES } from '../money';
import { staffPageQuerySchema, staffPageSchema } from '../staff/paging';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES, staffWithdrawalSchema } from './cashbox';
import { STAFF_REQUEST_STATUSES, staffRequestSchema } from './staff';

// The back office's money screens: the withdrawal queue, payments with their webhooks, manual adjustments and the
// four-eyes threshold of adjustments.

const currencySchema = z.enum(CURRENCY_CODES);

/** A bound of a period filter: a day ("2026-11-25", from its start in UTC) or an instant with an offset. */
const periodBoundSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** A player by id (the player's page links here with it). */
const playerIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The filters every money list shares: `q` finds the player by e-mail or username (part of it), or by id. */
const moneyListFilters = {
  currency: currencySchema.optional(),
  /** Inclusive lower bound. */
  from: periodBoundSchema.optional(),
  /** Exclusive upper bound; a bare day includes that whole day. */
  to: periodBoundSchema.optional(),
  player: playerIdSchema.optional(),
};

/** A staff member who acted, as the screens name them. */
export const staffMemberRefSchema = z.object({ id: z.number().int(), login: z.string() });
export type StaffMemberRef = z.infer<typeof staffMemberRefSchema>;

// The withdrawal queue

export const STAFF_WITHDRAWAL_SORTS = ['createdAt', 'amount', 'status'] as const;
export const staffWithdrawalsQuerySchema = staffPageQuerySchema.extend({
  sort: z.enum(STAFF_WITHDRAWAL_SORTS).default('createdAt'),
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  ...moneyListFilters,
});
export type StaffWithdrawalsQuery = z.infer<typeof staffWithdrawalsQuerySchema>;
export const staffWithdrawalPageSchema = staffPageSchema(staffWithdrawalSchema);

export const WITHDRAWAL_HISTORY_EVENTS = ['requested', 'approved', 'paid', 'rejected'] as const;
export const staffWithdrawalDetailSchema = z
  .object({
    withdrawal: staffWithdrawalSchema,
    player: z.object({
      id: z.number().int(),
      email: z.string(),
      username: z.string(),
      currency: currencySchema,
      mainBalance: z.string(),
    }),
    /** The two staff members who acted (never the same person, never the player), and who rejected it. */
    approvedBy: staffMemberRefSchema.nullable(),
    paidBy: staffMemberRefSchema.nullable(),
    rejectedBy: staffMemberRefSchema.nullable(),
    /** Oldest first: the request, then each staff decision with who made it (from the audit log). */
    history: z.array(
      z.object({
        event: z.enum(WITHDRAWAL_HISTORY_EVENTS),
        at: z.string(),
        actor: staffMemberRefSchema.nullable(),
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'StaffWithdrawalDetail' });
export type StaffWithdrawalDetail = z.infer<typeof staffWithdrawalDetailSchema>;

// Payments (deposits) and their webhooks

export const STAFF_PAYMENT_SORTS = ['createdAt', 'amount', 'status'] as const;
export const staffPaymentsQuerySchema = staffPageQuerySchema.extend({
  sort: z.enum(STAFF_PAYMENT_SORTS).default('createdAt'),
  status: z.enum(DEPOSIT_STATUSES).optional(),
  ...moneyListFilters,
});
export type StaffPaymentsQuery = z.infer<typeof staffPaymentsQuerySchema>;

export const staffPaymentSchema = z
  .object({
    id: z.uuid(),
    userId: z.number().int(),
    login: z.string(),
    method: z.string(),
    provider: z.string(),
    amount: z.string(),
    currency: currencySchema,
    status: z.enum(DEPOSIT_STATUSES),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  })
  .meta({ id: 'StaffPayment' });
export type StaffPayment = z.infer<typeof staffPaymentSchema>;
export const staffPaymentPageSchema = staffPageSchema(staffPaymentSchema);

export const staffPaymentDetailSchema = z
  .object({
    payment: staffPaymentSchema,
    /** Every webhook event the api received for the payment, oldest first, with what it did. */
    webhooks: z.array(
      z.object({
        id: z.number().int(),
        eventId: z.string(),
        type: z.string(),
        /** applied, ignored (state already final), unknown_payment, mismatch. */
        outcome: z.string(),
        receivedAt: z.string(),
      }),
    ),
    /** The sandbox provider's delivery attempts of those events (a real provider keeps these on its side). */
    deliveries: z.array(
      z.object({
        id: z.number().int(),
        eventId: z.string(),
        type: z.string(),
        status: z.enum(['pending', 'delivered', 'failed']),
        attempts: z.number().int(),
        lastStatusCode: z.number().int().nullable(),
        lastError: z.string().nullable(),
        createdAt: z.string(),
        deliveredAt: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'StaffPaymentDetail' });
export type StaffPaymentDetail = z.infer<typeof staffPaymentDetailSchema>;

// Manual adjustments

export const STAFF_ADJUSTMENT_SORTS = ['requestedAt'] as const;
export const staffAdjustmentsQuerySchema = staffPageQuerySchema.extend({
  sort: z.enum(STAFF_ADJUSTMENT_SORTS).default('requestedAt'),
  status: z.enum(STAFF_REQUEST_STATUSES).optional(),
  ...moneyListFilters,
});
export type StaffAdjustmentsQuery = z.infer<typeof staffAdjustmentsQuerySchema>;

export const staffAdjustmentSchema = staffRequestSchema
  .extend({
    /** Below its currency's threshold, applied by the finance member who asked, alone. */
    appliedAlone: z.boolean(),
    requester: staffMemberRefSchema,
    decider: staffMemberRefSchema.nullable(),
  })
  .meta({ id: 'StaffAdjustment' });
export type StaffAdjustment = z.infer<typeof staffAdjustmentSchema>;
export const staffAdjustmentPageSchema = staffPageSchema(staffAdjustmentSchema);

// The four-eyes threshold of manual adjustments (admins)

/** Default threshold (minor units) of a currency no admin has set: 0, so every adjustment needs a second member. */
export const DEFAULT_ADJUSTMENT_THRESHOLD = 0n;

export const adjustmentThresholdSchema = z
  .object({
    currency: currencySchema,
    /**
     * One finance member may apply an adjustment alone while it and what they applied alone in the currency in the last
     * 24 hours stay below this.
     */
    amount: z.string(),
    /** No admin has set it: the default applies. */
    isDefault: z.boolean(),
    updatedBy: staffMemberRefSchema.nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'AdjustmentThreshold' });
export type AdjustmentThreshold = z.infer<typeof adjustmentThresholdSchema>;
export const moneySettingsResponseSchema = z.object({ thresholds: z.array(adjustmentThresholdSchema) });
export type MoneySettings = z.infer<typeof moneySettingsResponseSchema>;

export const adjustmentThresholdBodySchema = z
  .object({
    currency: currencySchema,
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a decimal amount with at most two decimals'),
  })
  .meta({ id: 'AdjustmentThresholdBody' });
export type AdjustmentThresholdBody = z.infer<typeof adjustmentThresholdBodySchema>;
export const adjustmentThresholdResponseSchema = z.object({ threshold: adjustmentThresholdSchema });
