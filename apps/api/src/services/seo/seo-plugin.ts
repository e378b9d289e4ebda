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
      // Asked when a sitemap is built, by when the sports plugin has long registered.
      sportsbookPaths: () => app.services.sports.browse.paths(),
    });
  },
  { name: 'seo', dependencies: ['db', 'services', 'content-changes', 'i18n', 'content', 'catalogue'] },
);
