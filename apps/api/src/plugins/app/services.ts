import fp from 'fastify-plugin';
import { createContentService, type ContentService } from '../../services/content/content-service';
import { createLocaleService, type LocaleService } from '../../services/i18n/locale-service';
import { createSeoService, type SeoService } from '../../services/seo/seo-service';

export interface Services {
  locales: LocaleService;
  content: ContentService;
  seo: SeoService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp(
  async (app) => {
    const locales = createLocaleService({ db: app.db });
    app.decorate('services', {
      locales,
      content: createContentService({ db: app.db }),
      seo: createSeoService({ db: app.db, locales }),
    } satisfies Services);
  },
  { name: 'services', dependencies: ['db'] },
);
