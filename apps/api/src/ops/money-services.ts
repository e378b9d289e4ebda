import type { Db } from '@playhouse/db';
import type { Config } from '../config';
import { systemClock } from '../lib/clock';
import { createBalanceService } from '../services/balances/balance-service';
import { createCashboxService } from '../services/cashbox/cashbox-service';
import { createWithdrawalService } from '../services/cashbox/withdrawal-service';
import { createLimitsService } from '../services/limits/limits-service';
import { createPaymentServices } from '../services/payments/payment-services';
import { createWalletService } from '../services/wallet/wallet-service';

export type MoneyServices = ReturnType<typeof createMoneyServices>;

/**
 * The money services on the database directly, without the api's listeners and jobs: what the command line needs
 * when no api runs. A settled sandbox payment's webhook is handled in this process.
 */
export function createMoneyServices({
  db,
  config,
  logger,
}: {
  db: Db;
  config: Pick<Config, 'siteUrl' | 'payments'>;
  logger: { warn(details: Record<string, unknown>, message: string): void };
}) {
  const clock = systemClock;
  const wallet = createWalletService({ db });
  const limits = createLimitsService({ db, clock });
  const { payments, psp } = createPaymentServices({ db, clock, config, limits, logger });
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
