import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createWalletService, type WalletService } from './wallet-service';

declare module '../../plugins/app/services' {
  interface Services {
    wallet: WalletService;
  }
}

/** The double-entry ledger. */
export const walletPlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.wallet = createWalletService({ db: app.db });
  },
  { name: 'wallet', dependencies: ['db', 'services'] },
);
