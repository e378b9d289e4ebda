import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { balanceNoticesFor } from './balance-notices';
import { createDashboardService, type DashboardService } from './dashboard-service';
import { createWalletService, type WalletService } from './wallet-service';

declare module '../../plugins/app/services' {
  interface Services {
    wallet: WalletService;
    /** The back office's business figures, summed from the ledger. */
    dashboard: DashboardService;
  }
}

/** The double-entry ledger, and the dashboard's figures read from it. */
export const walletPlugin = fp<{ config: Config }>(
  async (app) => {
    const notices = balanceNoticesFor(app.db);
    app.services.wallet = createWalletService({ db: app.db, notices });
    app.services.dashboard = createDashboardService({ db: app.db, clock: systemClock });
    // Before the database closes: announce the transfers that committed since the last flush.
    app.addHook('preClose', () => notices.close());
  },
  { name: 'wallet', dependencies: ['db', 'services'] },
);
