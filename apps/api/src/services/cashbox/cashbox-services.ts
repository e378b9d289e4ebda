import { randomBytes } from 'node:crypto';
import type { Db, DbHandle } from '@playhouse/db';
import type { Config } from '../../config';
import { createJobLock } from '../../jobs/advisory-lock';
import { AppError } from '../../lib/errors';
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
import { SANDBOX_PROVIDER_CODE, createSandboxProvider } from '../payments/sandbox/sandbox-provider';
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

type MoneyConfig = Pick<Config, 'siteUrl' | 'payments' | 'jobs'>;

export type MoneyServices = Omit<CashboxServices, 'balanceHub' | 'jobs'>;

/**
 * The money services without the process-wide parts (listener, jobs): what the ops command line needs on the
 * database directly. Webhooks go to PSP_WEBHOOK_URL when set, else through `inject` (the api's own router), else
 * straight to the webhook handler.
 */
export function createMoneyServices({
  db,
  config,
  logger,
  inject,
  clock = systemClock,
  onEventsQueued,
}: {
  db: Db;
  config: MoneyConfig;
  logger: Pick<Logger, 'warn'>;
  inject?: Inject;
  clock?: Clock;
  onEventsQueued?: () => void;
}): MoneyServices {
  let webhookSecret = config.payments.webhookSecret;
  if (!webhookSecret) {
    webhookSecret = randomBytes(32).toString('base64url');
    if (config.payments.webhookUrl) {
      logger.warn({}, 'PSP_WEBHOOK_SECRET is not set: webhooks are signed with a random secret for this process');
    }
  }
  let transport: WebhookTransport;
  if (config.payments.webhookUrl) {
    transport = fetchTransport();
  } else if (inject) {
    transport = async ({ headers, body }) => {
      const response = await inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, headers, payload: body });
      return { status: response.statusCode };
    };
  } else {
    transport = async ({ headers, body }) => {
      try {
        await payments.handleWebhook(SANDBOX_PROVIDER_CODE, { headers, rawBody: body });
        return { status: 200 };
      } catch (error) {
        return { status: error instanceof AppError ? error.statusCode : 500 };
      }
    };
  }

  const wallet = createWalletService({ db });
  const limits = createLimitsService({ db, clock });
  const psp = createSandboxPsp({
    db,
    clock,
    webhookSecret,
    webhookUrl: config.payments.webhookUrl ?? `${config.siteUrl}${SANDBOX_WEBHOOK_PATH}`,
    merchantName: 'Playhouse',
    transport,
    ...(onEventsQueued ? { onEventsQueued } : {}),
  });
  const provider = createSandboxProvider({
    psp,
    webhookSecret,
    hostedPageUrl: (locale, sessionId) => `${config.siteUrl}/${locale}/psp/checkout/${sessionId}`,
  });
  // With PSP_SANDBOX=off (required in production) the sandbox takes no deposits and its hosted page is gone.
  const payments = createPaymentService({
    db,
    clock,
    providers: config.payments.sandbox ? [provider] : [],
    limits,
    siteUrl: config.siteUrl,
  });
  return {
    wallet,
    cashbox: createCashboxService({ db, limits }),
    limits,
    payments,
    psp,
    withdrawals: createWithdrawalService({ db, clock }),
    balances: createBalanceService({ db, wallet, clock }),
  };
}

/** Everything the api's routes use: the money services, the balance listener and the webhook delivery job. */
export function createCashboxServices({
  handle,
  config,
  logger,
  inject,
  clock = systemClock,
}: {
  handle: DbHandle;
  config: MoneyConfig;
  logger: Logger;
  inject?: Inject;
  clock?: Clock;
}): CashboxServices {
  let jobs: Scheduler | null = null;
  const money = createMoneyServices({
    db: handle.db,
    config,
    logger,
    ...(inject ? { inject } : {}),
    clock,
    // Deliver at once rather than at the next tick, so the player's balance moves while they watch.
    onEventsQueued: () => {
      if (config.jobs.enabled) void jobs?.trigger(PSP_WEBHOOK_JOB);
    },
  });
  jobs = createScheduler({
    lock: createJobLock(handle),
    log: logger,
    jobs: [pspWebhookJob(money.psp, config.payments.pollMs)],
  });
  return {
    ...money,
    balanceHub: createBalanceHub({
      listen: handle.listen,
      onError: (error) => logger.error({ err: error }, 'balance notification failed'),
    }),
    jobs,
  };
}
