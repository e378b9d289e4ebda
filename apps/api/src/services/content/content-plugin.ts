import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createContentAdminService, type ContentAdminService } from './content-admin-service';
import { createContentService, type ContentService } from './content-service';

declare module '../../plugins/app/services' {
  interface Services {
    content: ContentService;
    /** The back office's content editors. */
    contentAdmin: ContentAdminService;
  }
}

/** Categories, slides, banners, articles, bonus infos and the info popup. */
export const contentPlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.content = createContentService({ db: app.db, caches: app.contentCaches });
    app.services.contentAdmin = createContentAdminService({ db: app.db });
  },
  { name: 'content', dependencies: ['db', 'services', 'content-changes'] },
);
