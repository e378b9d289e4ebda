import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createAccountServices, type AccountServices } from '../../services/accounts/account-services';
import { createContentService, type ContentService } from '../../services/content/content-service';
import { createLocaleService, type LocaleService } from '../../services/i18n/locale-service';
import { createSeoService, type SeoService } from '../../services/seo/seo-service';

export interface Services extends AccountServices {
  locales: LocaleService;
  content: ContentService;
  seo: SeoService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const locales = createLocaleService({ db: app.db });
    const accountServices = createAccountServices({ db: app.db, config, logger: app.log });
    // Mail still on its way to the SMTP server is handed over before the database closes.
    app.addHook('onClose', async () => accountServices.email.drain());
    app.decorate('services', {
      ...accountServices,
      locales,
      content: createContentService({ db: app.db }),
      seo: createSeoService({ db: app.db, locales }),
    } satisfies Services);
  },
  { name: 'services', dependencies: ['db'] },
);
