import { and, count, desc, eq } from 'drizzle-orm';
import { schema, type Db, type DbOrTx, type Tx } from '@playhouse/db';
import type { Deposit } from '@playhouse/shared';
import { NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import type { WalletService } from '../wallet/wallet-service';
import { asCurrency, formatAmount, parsePositiveAmount } from '../../lib/amounts';
import { hashedRequest, requestHash } from '../../lib/idempotency';
import type { Clock } from '../../lib/clock';
import { checkedOffer } from '../cashbox/offers';
import { UnknownProviderError, type PaymentProvider, type ProviderEvent, type WebhookInput } from './payment-provider';

const { payments, paymentEvents } = schema;

type PaymentRow = typeof payments.$inferSelect;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ledger idempotency key of a deposit's credit: whatever arrives how often, the money moves once. */
export const depositTransferKey = (paymentId: string) => `deposit:${paymentId}`;

export type WebhookOutcome = 'applied' | 'ignored' | 'unknown_payment' | 'mismatch';

export type PaymentService = ReturnType<typeof createPaymentService>;

export function toDeposit(row: PaymentRow): Deposit {
  return {
    id: row.id,
    status: row.status,
    method: row.methodCode,
    amount: formatAmount(row.amount, row.currency),
    currency: asCurrency(row.currency),
    redirectUrl: row.redirectUrl,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Deposits: created pending with a checkout at the provider, then moved only by the provider's verified webhooks
 * (pending → succeeded, crediting the ledger once, or pending → declined). Every event is stored by its id first,
 * so a redelivery is acknowledged and ignored, and an event arriving after the deposit settled changes nothing.
 */
export function createPaymentService({
  db,
  clock,
  wallet,
  providers,
  depositGuard,
  siteUrl,
}: {
  db: Db;
  clock: Clock;
  /** The one wallet, built by its plugin. */
  wallet: WalletService;
  providers: PaymentProvider[];
  /** Player protection's check (breaks, verification, deposit limits), run inside the deposit's transaction. */
  depositGuard: (tx: DbOrTx, userId: number, amount: bigint) => Promise<void>;
  siteUrl: string;
}) {
  const byCode = new Map(providers.map((provider) => [provider.code, provider]));

  function provider(code: string): PaymentProvider {
    const found = byCode.get(code);
    if (!found) throw new UnknownProviderError();
    return found;
  }

  async function findByKey(executor: DbOrTx, userId: number, idempotencyKey: string) {
    const [row] = await executor
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
    return row ?? null;
  }

  /** The answer the deposit got when it was created: a replay of its key gets exactly that again. */
  function creationResponse(row: PaymentRow): Deposit {
    if (row.redirectUrl === null) throw new ServiceUnavailableError('The payment provider could not be reached.');
    return { ...toDeposit(row), status: 'pending', failureReason: null };
  }

  async function openCheckout(row: PaymentRow, locale: string): Promise<PaymentRow> {
    try {
      const checkout = await provider(row.provider).createCheckout({
        paymentId: row.id,
        amount: row.amount,
        currency: asCurrency(row.currency),
        locale,
        returnUrl: `${siteUrl}/${locale}/cashbox?deposit=${row.id}`,
      });
      const [updated] = await db
        .update(payments)
        .set({ providerSessionId: checkout.sessionId, redirectUrl: checkout.redirectUrl, updatedAt: clock.now() })
        .where(eq(payments.id, row.id))
        .returning();
      return updated!;
    } catch (error) {
      await db
        .update(payments)
        .set({ status: 'declined', failureReason: 'provider_unavailable', updatedAt: clock.now() })
        .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')));
      throw error;
    }
  }

  /** Applies one verified event inside the caller's transaction; the payment row is locked while it decides. */
  async function applyEvent(tx: Tx, providerCode: string, event: ProviderEvent): Promise<WebhookOutcome> {
    if (!UUID_PATTERN.test(event.paymentId)) return 'unknown_payment';
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, event.paymentId), eq(payments.provider, providerCode)))
      .for('update');
    if (!payment) return 'unknown_payment';
    if (event.amount !== payment.amount || event.currency !== payment.currency) return 'mismatch';
    if (payment.status !== 'pending' || event.type === 'payment.pending') return 'ignored';
    const now = clock.now();
    if (event.type === 'payment.declined') {
      await tx
        .update(payments)
        .set({ status: 'declined', failureReason: event.failureReason ?? 'declined', updatedAt: now, settledAt: now })
        .where(eq(payments.id, payment.id));
      return 'applied';
    }
    // The wallet runs inside this transaction (as a savepoint): the credit and the status change commit together.
    const credit = await wallet.transfer(
      {
        idempotencyKey: depositTransferKey(payment.id),
        kind: 'deposit',
        currency: payment.currency,
        legs: [
          { account: { userId: payment.userId, kind: 'main' }, amount: payment.amount },
          { account: { house: 'world' }, amount: -payment.amount },
        ],
        metadata: { paymentId: payment.id, provider: providerCode, eventId: event.eventId },
      },
      tx,
    );
    await tx
      .update(payments)
      .set({ status: 'succeeded', transferId: credit.transferId, updatedAt: now, settledAt: now })
      .where(eq(payments.id, payment.id));
    return 'applied';
  }

  return {
    /** Whether a provider of this code is enabled (the sandbox is not, with PSP_SANDBOX=off). */
    hasProvider(code: string): boolean {
      return byCode.has(code);
    },

    async createDeposit(
      user: { id: number; currency: string },
      request: { method: string; amount: string; locale: string; idempotencyKey: string },
    ): Promise<Deposit> {
      const currency = asCurrency(user.currency);
      const once = hashedRequest(
        requestHash(['deposit', request.method, parsePositiveAmount(request.amount, currency).toString()]),
        () => findByKey(db, user.id, request.idempotencyKey),
      );
      const replay = (row: PaymentRow) =>
        row.redirectUrl === null && row.status === 'pending'
          ? openCheckout(row, request.locale).then(creationResponse)
          : creationResponse(row);

      const existing = await once.earlier();
      if (existing) return replay(existing);

      const { offer, amount } = await checkedOffer(db, { ...request, currency, direction: 'deposit' });
      provider(offer.provider);
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        await depositGuard(tx, user.id, amount);
        const [row] = await tx
          .insert(payments)
          .values({
            userId: user.id,
            methodCode: offer.code,
            provider: offer.provider,
            amount,
            currency,
            idempotencyKey: request.idempotencyKey,
            requestHash: once.hash,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
          .returning();
        return row ?? null;
      });
      // A twin request with the same key won the race: answer as it did.
      const { row, replayed } = await once.winner(created);
      return replayed ? replay(row) : creationResponse(await openCheckout(row, request.locale));
    },

    /** One of the player's deposits, as it stands now. */
    async deposit(userId: number, id: string): Promise<Deposit> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, userId)));
      if (!row) throw new NotFoundError('There is no such deposit.');
      return toDeposit(row);
    },

    /** A player's deposits, newest first, one page: the back office's view. */
    async depositsOf(userId: number, page: { page: number; pageSize: number }) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(eq(payments.userId, userId))
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ total: count() }).from(payments).where(eq(payments.userId, userId)),
      ]);
      return { items: rows.map(toDeposit), total: counted?.total ?? 0, page: page.page, pageSize: page.pageSize };
    },

    async depositById(id: string): Promise<Deposit> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      if (!row) throw new NotFoundError('There is no such deposit.');
      return toDeposit(row);
    },

    /**
     * A provider's webhook: verified (signature, freshness), stored by event id, applied to the deposit. A duplicate
     * event id is acknowledged without effect.
     */
    async handleWebhook(
      providerCode: string,
      input: Omit<WebhookInput, 'now'>,
    ): Promise<{ duplicate: boolean; outcome: WebhookOutcome | null }> {
      const event = provider(providerCode).parseWebhook({ ...input, now: clock.now() });
      return db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(paymentEvents)
          .values({
            provider: providerCode,
            eventId: event.eventId,
            type: event.type,
            paymentId: UUID_PATTERN.test(event.paymentId) ? event.paymentId : null,
            outcome: 'received',
            payload: event.payload,
            receivedAt: clock.now(),
          })
          .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
          .returning({ id: paymentEvents.id });
        if (!stored) return { duplicate: true, outcome: null };
        const outcome = await applyEvent(tx, providerCode, event);
        await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, stored.id));
        return { duplicate: false, outcome };
      });
    },
  };
}
