import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createSeoService, type SeoService } from './seo-service';

declare module '../../plugins/app/services' {
  interface Services {
    seo: SeoService;
  }
}

/** Page metadata, operator snippets and the sitemap. */
export const seoPlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.seo = createSeoService({
      db: app.db,
      locales: app.services.locales,
      content: app.services.content,
      catalogue: app.services.catalogue,
      caches: app.contentCaches,
    });
  },
  { name: 'seo', dependencies: ['db', 'services', 'content-changes', 'i18n', 'content', 'catalogue'] },
);
