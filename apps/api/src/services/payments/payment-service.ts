import type { Db, DbOrTx, Tx } from '@playhouse/db';
import type { Deposit } from '@playhouse/shared';
import { NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import type { WalletService } from '../wallet/wallet-service';
import { asCurrency, parsePositiveAmount } from '../../lib/amounts';
import { hashedRequest, requestHash } from '../../lib/idempotency';
import type { Clock } from '../../lib/clock';
import { movementHead } from '../cashbox/movement-view';
import { checkedOffer } from '../cashbox/offers';
import { UnknownProviderError, type PaymentProvider, type ProviderEvent, type WebhookInput } from './payment-provider';
import {
  declinePayment,
  declineUnreachable,
  findPayment,
  findPaymentByKey,
  insertPayment,
  insertPaymentEvent,
  listPlayerPayments,
  lockProviderPayment,
  markPaymentSucceeded,
  setCheckout,
  setPaymentEventOutcome,
  type PaymentRow,
} from './payment-queries';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ledger idempotency key of a deposit's credit: whatever arrives how often, the money moves once. */
export const depositTransferKey = (paymentId: string) => `deposit:${paymentId}`;

export type WebhookOutcome = 'applied' | 'ignored' | 'unknown_payment' | 'mismatch';

export type PaymentService = ReturnType<typeof createPaymentService>;

export function toDeposit(row: PaymentRow): Deposit {
  return {
    ...movementHead(row),
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
      return await setCheckout(db, row.id, checkout, clock.now());
    } catch (error) {
      await declineUnreachable(db, row.id, clock.now());
      throw error;
    }
  }

  /** Applies one verified event inside the caller's transaction; the payment row is locked while it decides. */
  async function applyEvent(tx: Tx, providerCode: string, event: ProviderEvent): Promise<WebhookOutcome> {
    if (!UUID_PATTERN.test(event.paymentId)) return 'unknown_payment';
    const payment = await lockProviderPayment(tx, event.paymentId, providerCode);
    if (!payment) return 'unknown_payment';
    if (event.amount !== payment.amount || event.currency !== payment.currency) return 'mismatch';
    if (payment.status !== 'pending' || event.type === 'payment.pending') return 'ignored';
    const now = clock.now();
    if (event.type === 'payment.declined') {
      await declinePayment(tx, payment.id, event.failureReason ?? 'declined', now);
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
    await markPaymentSucceeded(tx, payment.id, credit.transferId, now);
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
        () => findPaymentByKey(db, user.id, request.idempotencyKey),
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
        return insertPayment(tx, {
          userId: user.id,
          methodCode: offer.code,
          provider: offer.provider,
          amount,
          currency,
          idempotencyKey: request.idempotencyKey,
          requestHash: once.hash,
          createdAt: now,
          updatedAt: now,
        });
      });
      // A twin request with the same key won the race: answer as it did.
      const { row, replayed } = await once.winner(created);
      return replayed ? replay(row) : creationResponse(await openCheckout(row, request.locale));
    },

    /** One of the player's deposits, as it stands now. */
    async deposit(userId: number, id: string): Promise<Deposit> {
      const row = await findPayment(db, id, userId);
      if (!row) throw new NotFoundError('There is no such deposit.');
      return toDeposit(row);
    },

    /** A player's deposits, newest first, one page: the back office's view. */
    async depositsOf(userId: number, page: { page: number; pageSize: number }) {
      const { rows, total } = await listPlayerPayments(db, userId, page);
      return { items: rows.map(toDeposit), total, page: page.page, pageSize: page.pageSize };
    },

    async depositById(id: string): Promise<Deposit> {
      const row = await findPayment(db, id);
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
        const stored = await insertPaymentEvent(tx, {
          provider: providerCode,
          eventId: event.eventId,
          type: event.type,
          paymentId: UUID_PATTERN.test(event.paymentId) ? event.paymentId : null,
          outcome: 'received',
          payload: event.payload,
          receivedAt: clock.now(),
        });
        if (stored === null) return { duplicate: true, outcome: null };
        const outcome = await applyEvent(tx, providerCode, event);
        await setPaymentEventOutcome(tx, stored, outcome);
        return { duplicate: false, outcome };
      });
    },
  };
}
