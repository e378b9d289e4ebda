import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createGamePlayerService, type GamePlayerService } from './game-player-service';

declare module '../../plugins/app/services' {
  interface Services {
    gamePlayer: GamePlayerService;
  }
}

/** Game launches and favourites. */
export const gamesPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.services.gamePlayer = createGamePlayerService({
      db: app.db,
      catalogue: app.services.catalogue,
      launchTtlMs: config.casino.launchTtlMs,
      launchGuard: app.services.protection.guard.assertCanLaunch,
    });
  },
  { name: 'games', dependencies: ['db', 'services', 'catalogue', 'protection'] },
);
