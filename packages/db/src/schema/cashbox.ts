import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import type { LocalizedText } from './content';
import { ledgerTransfers } from './wallet';

export const PAYMENT_METHOD_KINDS = ['card', 'bank_transfer'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

export const PAYMENT_DIRECTIONS = ['deposit', 'withdrawal'] as const;
export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];

/** A way to pay in or out, served by one payment provider adapter ('sandbox' is the in-house one). */
export const paymentMethods = pgTable('payment_methods', {
  code: text().primaryKey(),
  provider: text().notNull(),
  kind: text({ enum: PAYMENT_METHOD_KINDS }).notNull(),
  name: jsonb().$type<LocalizedText>().notNull(),
  logo: text().notNull(),
  position: integer().notNull().default(0),
  active: boolean().notNull().default(true),
});

/** Amount bounds (minor units) of a method per currency and direction; a missing row means "not offered". */
export const paymentMethodLimits = pgTable(
  'payment_method_limits',
  {
    methodCode: text()
      .notNull()
      .references(() => paymentMethods.code, { onDelete: 'cascade' }),
    currency: text().notNull(),
    direction: text({ enum: PAYMENT_DIRECTIONS }).notNull(),
    minAmount: bigint({ mode: 'bigint' }).notNull(),
    maxAmount: bigint({ mode: 'bigint' }).notNull(),
    presets: bigint({ mode: 'bigint' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
  },
  (t) => [
    primaryKey({ columns: [t.methodCode, t.currency, t.direction] }),
    check('payment_method_limits_range', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
  ],
);

export const DEPOSIT_STATUSES = ['pending', 'succeeded', 'declined'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Deposits: the merchant's side of a payment, moved by the provider's webhooks. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    methodCode: text()
      .notNull()
      .references(() => paymentMethods.code, { onDelete: 'restrict' }),
    provider: text().notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    status: text({ enum: DEPOSIT_STATUSES }).notNull().default('pending'),
    providerSessionId: text(),
    redirectUrl: text(),
    /** The client's Idempotency-Key and a fingerprint of what it asked for (a replay must ask for the same). */
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    transferId: bigint({ mode: 'number' }).references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
    failureReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('payments_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Provider events the webhook endpoint received: the unique event id makes a redelivery a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    paymentId: uuid(),
    /** What the event did: applied, ignored (state already final), unknown_payment, mismatch. */
    outcome: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId),
    index('payment_events_payment_idx').on(t.paymentId),
  ],
);

export const PSP_SESSION_STATUSES = ['open', 'pending', 'succeeded', 'declined'] as const;
export type PspSessionStatus = (typeof PSP_SESSION_STATUSES)[number];

/**
 * The sandbox payment provider's own records (in a real deployment these live at the provider): hosted checkout
 * sessions, the events it emitted, and its webhook delivery queue.
 */
export const pspSessions = pgTable(
  'psp_sessions',
  {
    id: text().primaryKey(),
    merchantReference: text().notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    status: text({ enum: PSP_SESSION_STATUSES }).notNull().default('open'),
    returnUrl: text().notNull(),
    cardLast4: text(),
    declineReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('psp_sessions_reference_idx').on(t.merchantReference)],
);

export const pspEvents = pgTable(
  'psp_events',
  {
    id: text().primaryKey(),
    sessionId: text()
      .notNull()
      .references(() => pspSessions.id, { onDelete: 'restrict' }),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('psp_events_session_idx').on(t.sessionId, t.createdAt)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const pspWebhookDeliveries = pgTable(
  'psp_webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: text()
      .notNull()
      .references(() => pspEvents.id, { onDelete: 'restrict' }),
    url: text().notNull(),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('psp_webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Withdrawal requests: the money sits on the house 'withdrawals' account from request until paid or rejected. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    methodCode: text()
      .notNull()
      .references(() => paymentMethods.code, { onDelete: 'restrict' }),
    amount: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    details: jsonb().$type<Record<string, string>>().notNull(),
    status: text({ enum: WITHDRAWAL_STATUSES }).notNull().default('pending'),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    reason: text(),
    reviewedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Four eyes: the staff member who approved and the one who paid are two people, neither the player. */
    approvedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    paidBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    rejectedAt: timestamp({ withTimezone: true }),
    /**
     * Held for review: a trader's re-settlement left the player owing part of a payout (sports `bets.shortfall`). A
     * held withdrawal is neither approved nor paid while anything is owed.
     */
    heldAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_approver_not_owner', sql`${t.approvedBy} <> ${t.userId}`),
    check('withdrawals_payer_not_owner', sql`${t.paidBy} <> ${t.userId}`),
    check('withdrawals_payer_not_approver', sql`${t.paidBy} <> ${t.approvedBy}`),
    uniqueIndex('withdrawals_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('withdrawals_user_created_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
  ],
);
