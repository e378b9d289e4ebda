/**
 * What code outside the api may import (apps/api/package.json exports only this file): the app as a whole with its
 * config, for a baseline that runs it in-process, and the two services a benchmark sets its players up with (a
 * session for a player, money through the ledger). Everything else is the api's own.
 */
export { buildApp } from './app';
export { loadConfig } from './config';
export { createSessionService, SESSION_COOKIE } from './services/auth/session-service';
export { createWalletService } from './services/wallet/wallet-service';
