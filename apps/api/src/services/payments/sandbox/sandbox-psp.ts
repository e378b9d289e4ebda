import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '@playhouse/db';
import {
  SANDBOX_TEST_CARDS,
  type PspCheckoutBody,
  type PspCheckoutResponse,
  type PspCheckoutSession,
  type PspSessionStatus,
} from '@playhouse/shared';
import { AppError, NotFoundError, ValidationError } from '../../../lib/errors';
import { asCurrency, formatAmount } from '../../../lib/amounts';
import type { Clock } from '../../../lib/clock';
import type { ProviderEventType } from '../payment-provider';
import { cardOutcome, digitsOnly, expiryValid, luhnValid } from './cards';
import {
  dueDeliveries,
  insertPspEvent,
  insertPspSession,
  pendingDeliveryCount,
  pspEventIds,
  pspSession,
  queueDeliveries,
  updateDelivery,
  updatePspSession,
  type PspSessionRow,
} from './sandbox-queries';
import { SIGNATURE_HEADER, signPayload } from './signature';

export class CheckoutClosedError extends AppError {
  constructor(status: string) {
    super('checkout_closed', `This payment is already ${status}.`, 409);
  }
}

/** Sends one webhook; resolves with the HTTP status the endpoint answered (a network failure rejects). */
export type WebhookTransport = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number }>;

export const fetchTransport =
  (timeoutMs = 10_000): WebhookTransport =>
  async ({ url, headers, body }) => {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return { status: response.status };
  };

export interface RetryPolicy {
  /** Wait after the first failed attempt; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many failed attempts the delivery is given up ('failed'). */
  maxAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 5_000, maxDelayMs: 60 * 60 * 1000, maxAttempts: 12 };

/** Exponential backoff: base, 2×base, 4×base … capped. */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1));
}

export interface SandboxPspOptions {
  db: Db;
  clock: Clock;
  /** Shared with the merchant: the webhooks are signed with it. */
  webhookSecret: string;
  /** The merchant's webhook endpoint. */
  webhookUrl: string;
  merchantName: string;
  transport?: WebhookTransport;
  retry?: RetryPolicy;
  /** Told when events wait for delivery, so the delivery job can run at once instead of at its next tick. */
  onEventsQueued?: () => void;
}

export type SandboxPsp = ReturnType<typeof createSandboxPsp>;

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

const EVENT_BY_STATUS: Record<Exclude<PspSessionStatus, 'open'>, ProviderEventType> = {
  succeeded: 'payment.succeeded',
  declined: 'payment.declined',
  pending: 'payment.pending',
};

/**
 * The in-house sandbox payment provider: checkout sessions behind a hosted payment page, test cards with fixed
 * outcomes, and events delivered as signed webhooks from a queue, retried with exponential backoff. It keeps its
 * own tables and talks to the merchant only through the webhook endpoint, as an outside provider would.
 */
export function createSandboxPsp(options: SandboxPspOptions) {
  const { db, clock } = options;
  const transport = options.transport ?? fetchTransport();
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;

  async function findSession(executor: DbOrTx, sessionId: string, lock = false) {
    const row = await pspSession(executor, { id: sessionId }, lock);
    if (!row) throw new NotFoundError('There is no such checkout session.');
    return row;
  }

  /** Records an event about a session and queues its delivery to the merchant, in the caller's transaction. */
  async function emit(tx: DbOrTx, session: PspSessionRow, now: Date) {
    if (session.status === 'open') return;
    const eventId = newId('evt');
    const type = EVENT_BY_STATUS[session.status];
    const payload = {
      id: eventId,
      type,
      created: now.toISOString(),
      data: {
        sessionId: session.id,
        reference: session.merchantReference,
        amount: formatAmount(session.amount, session.currency),
        currency: session.currency,
        status: session.status,
        declineReason: session.declineReason,
      },
    };
    await insertPspEvent(
      tx,
      { id: eventId, sessionId: session.id, type, payload, createdAt: now },
      { url: options.webhookUrl, at: now },
    );
  }

  function publicSession(row: PspSessionRow): PspCheckoutSession {
    return {
      id: row.id,
      merchantName: options.merchantName,
      amount: formatAmount(row.amount, row.currency),
      currency: asCurrency(row.currency),
      status: row.status,
      returnUrl: row.returnUrl,
      testCards: SANDBOX_TEST_CARDS.map((card) => ({ number: card.number, outcome: card.outcome })),
    };
  }

  return {
    /** Opens a checkout session for a merchant payment; asking again for the same payment returns the same one. */
    async createSession(request: {
      reference: string;
      amount: bigint;
      currency: string;
      returnUrl: string;
    }): Promise<{ sessionId: string }> {
      const now = clock.now();
      const sessionId = await insertPspSession(db, {
        id: newId('cs'),
        merchantReference: request.reference,
        amount: request.amount,
        currency: request.currency,
        returnUrl: request.returnUrl,
        createdAt: now,
      });
      return { sessionId: sessionId! };
    },

    async session(sessionId: string): Promise<PspCheckoutSession> {
      return publicSession(await findSession(db, sessionId));
    },

    /** The hosted page's card form: validates the card like a real provider, then applies the test card's outcome. */
    async submitCard(sessionId: string, card: PspCheckoutBody): Promise<PspCheckoutResponse> {
      const now = clock.now();
      const digits = digitsOnly(card.cardNumber);
      const fields: Record<string, string> = {};
      if (!luhnValid(digits)) fields.cardNumber = 'invalid_card_number';
      if (!expiryValid(card.expiry, now)) fields.expiry = 'card_expired';
      const session = await db.transaction(async (tx) => {
        const row = await findSession(tx, sessionId, true);
        if (row.status !== 'open') throw new CheckoutClosedError(row.status);
        if (Object.keys(fields).length > 0) throw new ValidationError(fields, 'The card details are not valid.');
        const { outcome, declineReason } = cardOutcome(digits);
        const updated = await updatePspSession(tx, sessionId, {
          status: outcome,
          cardLast4: digits.slice(-4),
          declineReason,
          completedAt: outcome === 'pending' ? null : now,
        });
        await emit(tx, updated!, now);
        return updated!;
      });
      options.onEventsQueued?.();
      return { status: session.status, declineReason: session.declineReason, returnUrl: session.returnUrl };
    },

    /** The operator completes a payment that stayed pending (the 4000000000000077 card). */
    async settle(reference: string, outcome: 'succeed' | 'decline'): Promise<PspSessionStatus> {
      const now = clock.now();
      const status = await db.transaction(async (tx) => {
        const row = await pspSession(tx, { reference }, true);
        if (!row) throw new NotFoundError('The sandbox has no checkout for this payment.');
        if (row.status !== 'pending') throw new CheckoutClosedError(row.status);
        const updated = await updatePspSession(tx, row.id, {
          status: outcome === 'succeed' ? 'succeeded' : 'declined',
          declineReason: outcome === 'succeed' ? null : 'declined_by_operator',
          completedAt: now,
        });
        await emit(tx, updated!, now);
        return updated!.status;
      });
      options.onEventsQueued?.();
      return status;
    },

    /**
     * Re-sends every event of a session: what a provider's "resend webhook" button does. Each copy keeps its event
     * id, so the merchant must (and does) acknowledge duplicates without acting twice.
     */
    async redeliver(sessionId: string): Promise<number> {
      const now = clock.now();
      const events = await pspEventIds(db, sessionId);
      if (events.length > 0) {
        await queueDeliveries(db, events, { url: options.webhookUrl, at: now });
        options.onEventsQueued?.();
      }
      return events.length;
    },

    /**
     * Delivers the webhooks that are due, oldest first: a 2xx answer marks one delivered; anything else (or no answer)
     * schedules the next attempt with exponential backoff, until retry.maxAttempts failures give it up.
     * Runs in one process at a time (the job holds an advisory lock), and holds no transaction while it waits on HTTP.
     */
    async deliverDue(limit = 50): Promise<{ delivered: number; failed: number }> {
      const now = clock.now();
      const due = await dueDeliveries(db, now, limit);
      let delivered = 0;
      let failed = 0;
      for (const delivery of due) {
        const body = JSON.stringify(delivery.payload);
        const sentAt = clock.now();
        let statusCode: number | null = null;
        let error: string | null = null;
        try {
          ({ status: statusCode } = await transport({
            url: delivery.url,
            headers: {
              'content-type': 'application/json',
              [SIGNATURE_HEADER]: signPayload(options.webhookSecret, body, sentAt),
            },
            body,
          }));
          if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
        } catch (cause) {
          error = cause instanceof Error ? cause.message.slice(0, 500) : 'delivery failed';
        }
        const attempts = delivery.attempts + 1;
        if (error === null) {
          delivered += 1;
          await updateDelivery(db, delivery.id, {
            status: 'delivered',
            attempts,
            lastStatusCode: statusCode,
            lastError: null,
            deliveredAt: sentAt,
          });
        } else {
          failed += 1;
          const givenUp = attempts >= retry.maxAttempts;
          await updateDelivery(db, delivery.id, {
            status: givenUp ? 'failed' : 'pending',
            attempts,
            lastStatusCode: statusCode,
            lastError: error,
            nextAttemptAt: new Date(sentAt.getTime() + retryDelayMs(retry, attempts)),
          });
        }
      }
      return { delivered, failed };
    },

    /** How many deliveries still wait (for the operator and the tests). */
    async pendingDeliveries(): Promise<number> {
      return pendingDeliveryCount(db);
    },
  };
}
