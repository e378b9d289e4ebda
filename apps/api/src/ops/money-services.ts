import type { Db } from '@playhouse/db';
import type { Config } from '../config';
import { systemClock } from '../lib/clock';
import { createBalanceService } from '../services/balances/balance-service';
import { createCashboxService } from '../services/cashbox/cashbox-service';
import { createWithdrawalService } from '../services/cashbox/withdrawal-service';
import { createPaymentServices } from '../services/payments/payment-services';
import type { ProtectionCore } from '../services/protection/protection-services';
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
  protection,
}: {
  db: Db;
  config: Pick<Config, 'siteUrl' | 'payments'>;
  logger: { warn(details: Record<string, unknown>, message: string): void };
  /** Player protection: deposit and withdrawal checks, the deposit limits the cashbox shows. */
  protection: Pick<ProtectionCore, 'guard' | 'limits'>;
}) {
  const clock = systemClock;
  const wallet = createWalletService({ db });
  const { payments, psp } = createPaymentServices({ db, clock, config, guard: protection.guard, logger });
  return {
    wallet,
    cashbox: createCashboxService({ db, limits: protection.limits }),
    payments,
    psp,
    withdrawals: createWithdrawalService({ db, clock, withdrawalGuard: protection.guard.assertCanWithdraw }),
    balances: createBalanceService({ db, wallet, clock }),
  };
}
