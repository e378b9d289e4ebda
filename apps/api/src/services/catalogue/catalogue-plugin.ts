import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createCatalogueService, type CatalogueService } from './catalogue-service';

declare module '../../plugins/app/services' {
  interface Services {
    catalogue: CatalogueService;
  }
}

/** The casino's games and providers as players browse and search them. */
export const cataloguePlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.catalogue = createCatalogueService({ db: app.db, caches: app.contentCaches });
  },
  { name: 'catalogue', dependencies: ['db', 'services', 'content-changes'] },
);
