import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createLocaleService, type LocaleService } from './locale-service';

declare module '../../plugins/app/services' {
  interface Services {
    locales: LocaleService;
  }
}

/** The enabled locales and the UI texts. */
export const i18nPlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.locales = createLocaleService({ db: app.db, caches: app.contentCaches });
  },
  { name: 'i18n', dependencies: ['db', 'services', 'content-changes'] },
);
