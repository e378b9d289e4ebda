import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { createBalanceHub, type BalanceHub } from './balance-hub';
import { createBalanceService, type BalanceService } from './balance-service';

declare module '../../plugins/app/services' {
  interface Services {
    balances: BalanceService;
    balanceHub: BalanceHub;
  }
}

/** Balances, transactions and manual adjustments, and the listener that pushes balance changes (closed before the database). */
export const balancesPlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.balances = createBalanceService({ db: app.db, wallet: app.services.wallet, clock: systemClock });
    const hub = createBalanceHub({
      listen: app.dbHandle.listen,
      onError: (error) => app.log.error({ err: error }, 'balance notification failed'),
    });
    app.services.balanceHub = hub;
    app.addHook('preClose', async () => hub.close());
  },
  { name: 'balances', dependencies: ['db', 'services', 'wallet'] },
);
