import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { balanceNoticesFor } from './balance-notices';
import { createWalletService, type WalletService } from './wallet-service';

declare module '../../plugins/app/services' {
  interface Services {
    wallet: WalletService;
  }
}

/** The double-entry ledger. */
export const walletPlugin = fp<{ config: Config }>(
  async (app) => {
    const notices = balanceNoticesFor(app.db);
    app.services.wallet = createWalletService({ db: app.db, notices });
    // Before the database closes: announce the transfers that committed since the last flush.
    app.addHook('preClose', () => notices.close());
  },
  { name: 'wallet', dependencies: ['db', 'services'] },
);
