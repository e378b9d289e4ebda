import { randomUUID } from 'node:crypto';
import type { DbHandle } from '@playhouse/db';
import { seedPaymentMethods } from '@playhouse/db/seed/payment-methods';
import { AppError } from '../../src/lib/errors';
import { manualClock } from '../../src/lib/clock';
import { createWithdrawalService } from '../../src/services/cashbox/withdrawal-service';
import { createBalanceService } from '../../src/services/wallet/balance-service';
import { loadConfig } from '../../src/config';
import { noExclusionRegister } from '../../src/services/protection/exclusion-register';
import { createExclusionScreen } from '../../src/services/protection/exclusion-screen';
import { createProtectionCore } from '../../src/services/protection/protection-services';
import { createPaymentService } from '../../src/services/payments/payment-service';
import {
  createSandboxPsp,
  type RetryPolicy,
  type WebhookTransport,
} from '../../src/services/payments/sandbox/sandbox-psp';
import { createSandboxProvider } from '../../src/services/payments/sandbox/sandbox-provider';
import { createWalletService } from '../../src/services/wallet/wallet-service';

export const WEBHOOK_SECRET = 'test-webhook-secret';
export const SITE = 'http://site.test';

/**
 * The cashbox services wired together on one database, with a clock the test moves and the sandbox's webhooks
 * handed straight to the merchant's handler (or to `endpoint` when a test wants the endpoint to misbehave).
 */
export async function cashboxServices(handle: DbHandle, options: { retry?: RetryPolicy } = {}) {
  await seedPaymentMethods(handle.db);
  const db = handle.db;
  const clock = manualClock(new Date());
  const wallet = createWalletService({ db });
  const protection = createProtectionCore({
    db,
    wallet,
    config: loadConfig({ DATA_DIR: 'memory://' }).protection,
    siteUrl: SITE,
    // These tests send no e-mail and confirm no password: nothing here reviews documents or takes a break.
    email: { send: async () => ({ id: 0 }) },
    confirmPassword: async () => false,
    exclusions: createExclusionScreen({ register: noExclusionRegister }),
    clock,
  });
  const limits = protection.limits;
  let endpoint: WebhookTransport | null = null;
  const deliveries: { body: string; headers: Record<string, string> }[] = [];
  const transport: WebhookTransport = async (request) => {
    deliveries.push({ body: request.body, headers: request.headers });
    if (endpoint) return endpoint(request);
    try {
      await payments.handleWebhook('sandbox', { headers: request.headers, rawBody: request.body });
      return { status: 200 };
    } catch (error) {
      return { status: error instanceof AppError ? error.statusCode : 500 };
    }
  };
  const psp = createSandboxPsp({
    db,
    clock,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `${SITE}/spa/payments/webhooks/sandbox`,
    merchantName: 'Playhouse',
    transport,
    retry: options.retry ?? { baseDelayMs: 1_000, maxDelayMs: 8_000, maxAttempts: 5 },
  });
  const provider = createSandboxProvider({
    psp,
    webhookSecret: WEBHOOK_SECRET,
    hostedPageUrl: (locale, sessionId) => `${SITE}/${locale}/psp/checkout/${sessionId}`,
  });
  const payments = createPaymentService({
    db,
    clock,
    wallet,
    providers: [provider],
    depositGuard: protection.guard.assertCanDeposit,
    siteUrl: SITE,
  });
  const withdrawals = createWithdrawalService({
    db,
    clock,
    wallet,
    withdrawalGuard: protection.guard.assertCanWithdraw,
  });
  const balances = createBalanceService({ db, wallet, clock });
  return {
    db,
    clock,
    wallet,
    limits,
    protection,
    psp,
    payments,
    withdrawals,
    balances,
    deliveries,
    /** Replaces the merchant's endpoint as the sandbox sees it; null restores the real handler. */
    setEndpoint(next: WebhookTransport | null) {
      endpoint = next;
    },
  };
}

export type CashboxServices = Awaited<ReturnType<typeof cashboxServices>>;

export const key = () => `key-${randomUUID()}`;

export const sessionIdOf = (redirectUrl: string | null) => redirectUrl!.split('/').pop()!;

export const CARD = {
  succeeds: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', holder: 'Test Player' },
  declines: { cardNumber: '4000000000000002', expiry: '12/39', cvc: '123', holder: 'Test Player' },
  staysPending: { cardNumber: '4000000000000077', expiry: '12/39', cvc: '123', holder: 'Test Player' },
};

/** A valid German IBAN (mod-97 check passes). */
export const IBAN = 'DE89370400440532013000';
