import { randomBytes } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { schema, type Db, type DbOrTx } from '@playhouse/db';
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
import { SIGNATURE_HEADER, signPayload } from './signature';

const { pspSessions, pspEvents, pspWebhookDeliveries } = schema;

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
    const query = executor.select().from(pspSessions).where(eq(pspSessions.id, sessionId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new NotFoundError('There is no such checkout session.');
    return row;
  }

  /** Records an event about a session and queues its delivery to the merchant, in the caller's transaction. */
  async function emit(tx: DbOrTx, session: typeof pspSessions.$inferSelect, now: Date) {
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
    await tx.insert(pspEvents).values({ id: eventId, sessionId: session.id, type, payload, createdAt: now });
    await tx.insert(pspWebhookDeliveries).values({
      eventId,
      url: options.webhookUrl,
      nextAttemptAt: now,
      createdAt: now,
    });
  }

  function publicSession(row: typeof pspSessions.$inferSelect): PspCheckoutSession {
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
      await db
        .insert(pspSessions)
        .values({
          id: newId('cs'),
          merchantReference: request.reference,
          amount: request.amount,
          currency: request.currency,
          returnUrl: request.returnUrl,
          createdAt: now,
        })
        .onConflictDoNothing({ target: pspSessions.merchantReference });
      const [row] = await db
        .select({ id: pspSessions.id })
        .from(pspSessions)
        .where(eq(pspSessions.merchantReference, request.reference));
      return { sessionId: row!.id };
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
        const [updated] = await tx
          .update(pspSessions)
          .set({
            status: outcome,
            cardLast4: digits.slice(-4),
            declineReason,
            completedAt: outcome === 'pending' ? null : now,
          })
          .where(eq(pspSessions.id, sessionId))
          .returning();
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
        const [row] = await tx
          .select()
          .from(pspSessions)
          .where(eq(pspSessions.merchantReference, reference))
          .for('update');
        if (!row) throw new NotFoundError('The sandbox has no checkout for this payment.');
        if (row.status !== 'pending') throw new CheckoutClosedError(row.status);
        const [updated] = await tx
          .update(pspSessions)
          .set({
            status: outcome === 'succeed' ? 'succeeded' : 'declined',
            declineReason: outcome === 'succeed' ? null : 'declined_by_operator',
            completedAt: now,
          })
          .where(eq(pspSessions.id, row.id))
          .returning();
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
      const events = await db.select({ id: pspEvents.id }).from(pspEvents).where(eq(pspEvents.sessionId, sessionId));
      if (events.length > 0) {
        await db
          .insert(pspWebhookDeliveries)
          .values(
            events.map((event) => ({ eventId: event.id, url: options.webhookUrl, nextAttemptAt: now, createdAt: now })),
          );
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
      const due = await db
        .select({
          id: pspWebhookDeliveries.id,
          url: pspWebhookDeliveries.url,
          attempts: pspWebhookDeliveries.attempts,
          payload: pspEvents.payload,
        })
        .from(pspWebhookDeliveries)
        .innerJoin(pspEvents, eq(pspEvents.id, pspWebhookDeliveries.eventId))
        .where(and(eq(pspWebhookDeliveries.status, 'pending'), lte(pspWebhookDeliveries.nextAttemptAt, now)))
        .orderBy(asc(pspWebhookDeliveries.nextAttemptAt), asc(pspWebhookDeliveries.id))
        .limit(limit);
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
          await db
            .update(pspWebhookDeliveries)
            .set({ status: 'delivered', attempts, lastStatusCode: statusCode, lastError: null, deliveredAt: sentAt })
            .where(eq(pspWebhookDeliveries.id, delivery.id));
        } else {
          failed += 1;
          const givenUp = attempts >= retry.maxAttempts;
          await db
            .update(pspWebhookDeliveries)
            .set({
              status: givenUp ? 'failed' : 'pending',
              attempts,
              lastStatusCode: statusCode,
              lastError: error,
              nextAttemptAt: new Date(sentAt.getTime() + retryDelayMs(retry, attempts)),
            })
            .where(eq(pspWebhookDeliveries.id, delivery.id));
        }
      }
      return { delivered, failed };
    },

    /** How many deliveries still wait (for the operator and the tests). */
    async pendingDeliveries(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(pspWebhookDeliveries)
        .where(eq(pspWebhookDeliveries.status, 'pending'));
      return row?.count ?? 0;
    },
  };
}
