import { randomBytes } from 'node:crypto';
import type { Db } from '@playhouse/db';
import type { CasinoConfig } from '../../config';
import { createCatalogueService, type CatalogueService } from '../catalogue/catalogue-service';
import { createOriginalsService, type OriginalsService } from '../originals/originals-service';
import { createWalletClient, type HttpSend } from '../originals/wallet-client';
import type { StakePipeline } from '../stakes/stake-pipeline';
import {
  createProviderWalletService,
  ORIGINALS_PROVIDER,
  type ProviderWalletService,
} from '../providers/provider-wallet-service';
import { createGamePlayerService, type GamePlayerService } from './game-player-service';

export interface CasinoServices {
  catalogue: CatalogueService;
  gamePlayer: GamePlayerService;
  providerWallet: ProviderWalletService;
  originals: OriginalsService;
}

/**
 * The catalogue, launches, the providers' seamless wallet, and the Originals host wired together. The host reaches
 * the wallet through `send` (the api's own HTTP interface), as any provider would.
 */
export function createCasinoServices({
  db,
  config,
  logger,
  send,
  stakes,
}: {
  db: Db;
  config: CasinoConfig;
  /** How bets, wins and rollbacks move money (shared with the sportsbook). */
  stakes: StakePipeline;
  logger: { warn: (object: object, message: string) => void };
  send: HttpSend;
}): CasinoServices {
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
  const providerWallet = createProviderWalletService({ db, secrets, players: gamePlayer, stakes });
  const originals = createOriginalsService({
    db,
    wallet: createWalletClient({ provider: ORIGINALS_PROVIDER, secret: secrets[ORIGINALS_PROVIDER], send }),
    sessionTtlMs: config.originalsSessionTtlMs,
    demoBalance: config.demoBalance,
  });
  return { catalogue, gamePlayer, providerWallet, originals };
}
