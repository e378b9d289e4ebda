import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createReceiptKeys, type ReceiptKeys } from './receipt-keys';
import { createReceiptService, type ReceiptService } from './receipt-service';

declare module '../../plugins/app/services' {
  interface Services {
    /** Signed receipts of bets and casino rounds. */
    receipts: ReceiptService;
    /** The operator's receipt keys: the one signing now, and every one ever published. */
    receiptKeys: ReceiptKeys;
  }
}

/**
 * Receipts the player can verify: the signing key is settled as the api starts (the environment's, or one made and
 * kept the first time), so the first receipt never waits on it.
 */
export const receiptsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const keys = createReceiptKeys({ db: app.db, envKeyPem: config.receipts.signingKey });
    await keys.ensure();
    app.services.receiptKeys = keys;
    app.services.receipts = createReceiptService({ db: app.db, keys, issuer: new URL(config.siteUrl).origin });
  },
  { name: 'receipts', dependencies: ['db', 'services'] },
);
