import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createI18nAdminService, type I18nAdminService } from './i18n-admin-service';
import { createLocaleService, type LocaleService } from './locale-service';

declare module '../../plugins/app/services' {
  interface Services {
    locales: LocaleService;
    /** The back office's texts and locales editors. */
    i18nAdmin: I18nAdminService;
  }
}

/** The enabled locales and the UI texts. */
export const i18nPlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.locales = createLocaleService({ db: app.db, caches: app.contentCaches });
    app.services.i18nAdmin = createI18nAdminService({ db: app.db, locales: app.services.locales });
  },
  { name: 'i18n', dependencies: ['db', 'services', 'content-changes'] },
);
