import type { Currency } from '@playhouse/shared';
import { AppError, errorClass } from '../../lib/errors';

export interface CheckoutRequest {
  /** The merchant's payment id; the provider reports it back in every event. */
  paymentId: string;
  amount: bigint;
  currency: Currency;
  locale: string;
  /** Where the hosted page sends the player when they are done. */
  returnUrl: string;
}

export interface Checkout {
  sessionId: string;
  /** The provider's hosted payment page for this payment. */
  redirectUrl: string;
}

export const PROVIDER_EVENT_TYPES = ['payment.succeeded', 'payment.declined', 'payment.pending'] as const;
export type ProviderEventType = (typeof PROVIDER_EVENT_TYPES)[number];

/** A verified webhook event, in the merchant's terms. */
export interface ProviderEvent {
  eventId: string;
  type: ProviderEventType;
  paymentId: string;
  /** null when the provider's amount cannot be read in its currency. */
  amount: bigint | null;
  currency: string;
  failureReason: string | null;
  payload: Record<string, unknown>;
}

export interface WebhookInput {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  now: Date;
}

/**
 * What the cashbox needs from a payment provider. Each real provider gets an adapter like the sandbox's; the cashbox
 * never talks to one directly.
 */
export interface PaymentProvider {
  readonly code: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Checks the webhook's signature and freshness and parses it; throws WebhookSignatureError otherwise. */
  parseWebhook(input: WebhookInput): ProviderEvent;
}

export class WebhookSignatureError extends AppError {
  constructor(reason: string) {
    super('webhook_signature_invalid', `The webhook signature is not valid: ${reason}.`, 400);
  }
}

export class UnknownProviderError extends errorClass('not_found', 'There is no such payment provider.', 404) {}
