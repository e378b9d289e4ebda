import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { createCasinoAdminService, type CasinoAdminService } from './casino-admin-service';
import { createCatalogueService, type CatalogueService } from './catalogue-service';

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
    app.services.catalogue = createCatalogueService({
      db: app.db,
      caches: app.contentCaches,
      searchAnswersKept: config.casino.searchAnswersKept,
    });
    app.services.casinoAdmin = createCasinoAdminService({ db: app.db, clock: systemClock });
  },
  { name: 'catalogue', dependencies: ['db', 'services', 'content-changes'] },
);
