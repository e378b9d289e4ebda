import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { createBalanceHub, type BalanceHub } from './balance-hub';
import { balanceNoticesFor } from './balance-notices';
import { createBalanceService, type BalanceService } from './balance-service';
import { createDashboardService, type DashboardService } from './dashboard-service';
import { createWalletService, type WalletService } from './wallet-service';

declare module '../../plugins/app/services' {
  interface Services {
    /** The one wallet: every other domain that moves money is handed this one. */
    wallet: WalletService;
    /** Balances, the transaction history and manual adjustments, as the routes answer them. */
    balances: BalanceService;
    /** The listener that pushes balance changes to the players' open pages. */
    balanceHub: BalanceHub;
    /** The back office's business figures, summed from the ledger. */
    dashboard: DashboardService;
  }
}

/** The double-entry ledger: the wallet, balances and their pushes, and the dashboard's figures read from it. */
export const walletPlugin = fp<{ config: Config }>(
  async (app) => {
    const notices = balanceNoticesFor(app.db);
    const wallet = createWalletService({ db: app.db, notices });
    app.services.wallet = wallet;
    app.services.balances = createBalanceService({ db: app.db, wallet, clock: systemClock });
    app.services.dashboard = createDashboardService({ db: app.db, clock: systemClock });
    const hub = createBalanceHub({
      listen: app.dbHandle.listen,
      onError: (error) => app.log.error({ err: error }, 'balance notification failed'),
    });
    app.services.balanceHub = hub;
    // Before the database closes: announce the transfers that committed since the last flush, then stop listening.
    app.addHook('preClose', async () => {
      await notices.close();
      await hub.close();
    });
  },
  { name: 'wallet', dependencies: ['db', 'services'] },
);
