import { randomBytes } from 'node:crypto';
import type { DbHandle } from '@playhouse/db';
import type { Config } from '../../config';
import { createJobLock } from '../../jobs/advisory-lock';
import { PSP_WEBHOOK_JOB, pspWebhookJob } from '../../jobs/psp-webhook-job';
import { createScheduler, type Scheduler } from '../../jobs/scheduler';
import { createBalanceHub, type BalanceHub } from '../balances/balance-hub';
import { createBalanceService, type BalanceService } from '../balances/balance-service';
import { createLimitsService, type LimitsService } from '../limits/limits-service';
import { createPaymentService, type PaymentService } from '../payments/payment-service';
import {
  createSandboxPsp,
  fetchTransport,
  type SandboxPsp,
  type WebhookTransport,
} from '../payments/sandbox/sandbox-psp';
import { createSandboxProvider } from '../payments/sandbox/sandbox-provider';
import { createWalletService, type WalletService } from '../wallet/wallet-service';
import { createCashboxService, type CashboxService } from './cashbox-service';
import { systemClock, type Clock } from './clock';
import { createWithdrawalService, type WithdrawalService } from './withdrawal-service';

/** The merchant endpoint the sandbox delivers to when no PSP_WEBHOOK_URL is configured (in-process). */
export const SANDBOX_WEBHOOK_PATH = '/spa/payments/webhooks/sandbox';

export interface CashboxServices {
  wallet: WalletService;
  cashbox: CashboxService;
  limits: LimitsService;
  payments: PaymentService;
  psp: SandboxPsp;
  withdrawals: WithdrawalService;
  balances: BalanceService;
  balanceHub: BalanceHub;
  jobs: Scheduler;
}

interface Logger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** Sends a request through the app's own router, as Fastify's `inject` does. */
export type Inject = (request: {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
}) => Promise<{ statusCode: number }>;

/**
 * Balances, cashbox, the sandbox payment provider and its webhook job, wired from the config: the api and the ops
 * command line build the same.
 */
export function createCashboxServices({
  handle,
  config,
  logger,
  inject,
  clock = systemClock,
}: {
  handle: DbHandle;
  config: Pick<Config, 'siteUrl' | 'payments' | 'jobs'>;
  logger: Logger;
  /** How in-process webhooks reach the merchant endpoint; without it PSP_WEBHOOK_URL is required. */
  inject?: Inject;
  clock?: Clock;
}): CashboxServices {
  const db = handle.db;
  let webhookSecret = config.payments.webhookSecret;
  if (!webhookSecret) {
    webhookSecret = randomBytes(32).toString('base64url');
    if (config.payments.webhookUrl) {
      logger.warn({}, 'PSP_WEBHOOK_SECRET is not set: webhooks are signed with a random secret for this process');
    }
  }
  let transport: WebhookTransport;
  let webhookUrl: string;
  if (config.payments.webhookUrl) {
    webhookUrl = config.payments.webhookUrl;
    transport = fetchTransport();
  } else if (inject) {
    webhookUrl = `${config.siteUrl}${SANDBOX_WEBHOOK_PATH}`;
    transport = async ({ headers, body }) => {
      const response = await inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, headers, payload: body });
      return { status: response.statusCode };
    };
  } else {
    throw new Error('The sandbox payment provider needs PSP_WEBHOOK_URL when it cannot deliver in-process');
  }

  let jobs: Scheduler | null = null;
  const wallet = createWalletService({ db });
  const limits = createLimitsService({ db, clock });
  const psp = createSandboxPsp({
    db,
    clock,
    webhookSecret,
    webhookUrl,
    merchantName: 'Playhouse',
    transport,
    // Deliver at once rather than at the next tick, so the player's balance moves while they watch.
    onEventsQueued: () => {
      if (config.jobs.enabled) void jobs?.trigger(PSP_WEBHOOK_JOB);
    },
  });
  const provider = createSandboxProvider({
    psp,
    webhookSecret,
    hostedPageUrl: (locale, sessionId) => `${config.siteUrl}/${locale}/psp/checkout/${sessionId}`,
  });
  jobs = createScheduler({
    lock: createJobLock(handle),
    log: logger,
    jobs: [pspWebhookJob(psp, config.payments.pollMs)],
  });
  return {
    wallet,
    cashbox: createCashboxService({ db, limits }),
    limits,
    payments: createPaymentService({ db, clock, providers: [provider], limits, siteUrl: config.siteUrl }),
    psp,
    withdrawals: createWithdrawalService({ db, clock }),
    balances: createBalanceService({ db, wallet, clock }),
    balanceHub: createBalanceHub({
      listen: handle.listen,
      onError: (error) => logger.error({ err: error }, 'balance notification failed'),
    }),
    jobs,
  };
}
