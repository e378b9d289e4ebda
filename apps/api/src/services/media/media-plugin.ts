import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createMediaService, type MediaService } from './media-service';

declare module '../../plugins/app/services' {
  interface Services {
    /** The back office's picture library. */
    media: MediaService;
  }
}

/** The picture library: uploads by staff, served to everyone at /spa/media/<id>.<ext>. */
export const mediaPlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.media = createMediaService({ db: app.db });
  },
  { name: 'media', dependencies: ['db', 'services'] },
);
