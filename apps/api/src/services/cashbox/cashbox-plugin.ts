import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { createCashboxService, type CashboxService } from './cashbox-service';
import { createWithdrawalService, type WithdrawalService } from './withdrawal-service';

declare module '../../plugins/app/services' {
  interface Services {
    cashbox: CashboxService;
    withdrawals: WithdrawalService;
  }
}

/** The cashbox's payment methods and the withdrawals. */
export const cashboxPlugin = fp<{ config: Config }>(
  async (app) => {
    const { protection } = app.services;
    app.services.cashbox = createCashboxService({ db: app.db, limits: protection.limits });
    app.services.withdrawals = createWithdrawalService({
      db: app.db,
      clock: systemClock,
      wallet: app.services.wallet,
      withdrawalGuard: protection.guard.assertCanWithdraw,
    });
  },
  { name: 'cashbox', dependencies: ['db', 'services', 'wallet', 'protection'] },
);
