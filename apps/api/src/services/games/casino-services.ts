import { randomBytes } from 'node:crypto';
import type { DbHandle } from '@playhouse/db';
import type { CasinoConfig } from '../../config';
import { createJobLock } from '../../jobs/advisory-lock';
import { createScheduler, type Scheduler } from '../../jobs/scheduler';
import { createCatalogueService, type CatalogueService } from '../catalogue/catalogue-service';
import { createOriginalsService, WIN_RETRY_DELAY_MS, type OriginalsService } from '../originals/originals-service';
import { createOriginalsSettlement, type OriginalsSettlement } from '../originals/originals-settlement';
import { createWalletClient, type HttpSend } from '../originals/wallet-client';
import type { PlayerSessionLive } from '../providers/provider-call-rules';
import {
  createProviderWalletService,
  ORIGINALS_PROVIDER,
  type ProviderWalletService,
} from '../providers/provider-wallet-service';
import { createGamePlayerService, type GamePlayerService } from './game-player-service';

export const ORIGINALS_SETTLEMENT_JOB = 'originals-settlement';
/** Advisory lock key of the Originals settlement (cashbox 727_200_nnn, sports 727_300_nnn, bonuses 727_400_nnn). */
const ORIGINALS_SETTLEMENT_LOCK_KEY = 727_500_101;

export interface CasinoServices {
  catalogue: CatalogueService;
  gamePlayer: GamePlayerService;
  providerWallet: ProviderWalletService;
  originals: OriginalsService;
  /** Delivers what the Originals host still owes the wallet (unpaid wins, rollbacks of bets lost in flight). */
  originalsSettlement: OriginalsSettlement;
  jobs: Scheduler;
}

/**
 * The catalogue, launches, the providers' seamless wallet, the Originals host and its settlement job wired together.
 * The host reaches the wallet through `send` (the api's own HTTP interface), as any provider would.
 */
export function createCasinoServices({
  handle,
  config,
  logger,
  send,
  isPlayerSessionLive,
}: {
  handle: DbHandle;
  config: CasinoConfig;
  logger: {
    warn: (object: object, message: string) => void;
    error: (object: object, message: string) => void;
  };
  send: HttpSend;
  isPlayerSessionLive: PlayerSessionLive;
}): CasinoServices {
  const { db } = handle;
  const secrets = { ...config.providerSecrets };
  if (!secrets[ORIGINALS_PROVIDER]) {
    secrets[ORIGINALS_PROVIDER] = randomBytes(32).toString('hex');
    logger.warn(
      {},
      'PROVIDER_SECRET_ORIGINALS is not set: using a random one for this process; set it when more than one api instance runs',
    );
  }
  const catalogue = createCatalogueService({ db, cacheMs: config.catalogueCacheMs });
  const gamePlayer = createGamePlayerService({ db, catalogue, launchTtlMs: config.launchTtlMs });
  const providerWallet = createProviderWalletService({
    db,
    secrets,
    players: gamePlayer,
    isPlayerSessionLive,
    limits: {
      signatureWindowMs: config.signatureWindowMs,
      gameSessionTtlMs: config.gameSessionTtlMs,
      maxWinPerRound: config.maxWinPerRound,
    },
  });
  const wallet = createWalletClient({ provider: ORIGINALS_PROVIDER, secret: secrets[ORIGINALS_PROVIDER], send });
  const originals = createOriginalsService({
    db,
    wallet,
    sessionTtlMs: config.originalsSessionTtlMs,
    demoBalance: config.demoBalance,
  });
  const originalsSettlement = createOriginalsSettlement({
    db,
    wallet,
    log: logger,
    retryMs: WIN_RETRY_DELAY_MS,
    unconfirmedBetMs: config.originalsSettlement.unconfirmedBetMs,
  });
  const jobs = createScheduler({
    lock: createJobLock(handle),
    log: logger,
    jobs: [
      {
        name: ORIGINALS_SETTLEMENT_JOB,
        lockKey: ORIGINALS_SETTLEMENT_LOCK_KEY,
        intervalMs: config.originalsSettlement.intervalMs,
        async run() {
          await originalsSettlement.settleDue();
        },
      },
    ],
  });
  return { catalogue, gamePlayer, providerWallet, originals, originalsSettlement, jobs };
}
