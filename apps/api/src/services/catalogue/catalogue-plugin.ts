import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { changedPlayers } from '../../lib/player-cache';
import { listenWhileOpen } from '../../plugins/app/db';
import { createCasinoAdminService, type CasinoAdminService } from './casino-admin-service';
import { createCatalogueService, PLAYER_FACTS_CHANNEL, type CatalogueService } from './catalogue-service';

declare module '../../plugins/app/services' {
  interface Services {
    catalogue: CatalogueService;
    /** The back office's casino management: games, categories and their order, providers. */
    casinoAdmin: CasinoAdminService;
  }
}

/** The casino's games and providers as players browse and search them. */
export const cataloguePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const catalogue = createCatalogueService({
      db: app.db,
      caches: app.contentCaches,
      searchAnswersKept: config.casino.searchAnswersKept,
      ...(config.playerCache ? { keepPlayers: config.playerCache } : {}),
    });
    app.services.catalogue = catalogue;
    if (config.playerCache) {
      await listenWhileOpen(
        app,
        PLAYER_FACTS_CHANNEL,
        (payload) => catalogue.playersChanged(changedPlayers(payload)),
        () => catalogue.playersChanged(null),
      );
    }
    app.services.casinoAdmin = createCasinoAdminService({ db: app.db, clock: systemClock });
  },
  { name: 'catalogue', dependencies: ['db', 'services', 'content-changes'] },
);
