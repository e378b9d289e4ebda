import fp from 'fastify-plugin';
import { CONTENT_CHANNEL, contentKindOf } from '@playhouse/db';
import { createContentCaches, type ContentCaches } from '../../lib/memory-cache';
import { listenWhileOpen } from './db';

declare module 'fastify' {
  interface FastifyInstance {
    /** The caches of public content in this instance's memory; domains take theirs from here. */
    contentCaches: ContentCaches;
  }
}

/**
 * Public content served from memory, dropped on every instance when it changes: the database announces each
 * committed change of a content table on the 'content_changed' channel (triggers, migration 0017), and this instance
 * listens from before it serves its first request until it closes. A notification it cannot read, or a gap in them
 * (the listener reconnected), drops everything.
 */
export const contentChangesPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    const caches = createContentCaches({ enabled });
    app.decorate('contentCaches', { enabled: caches.enabled, cache: caches.cache } satisfies ContentCaches);
    if (!enabled) return;
    await listenWhileOpen(
      app,
      CONTENT_CHANNEL,
      (payload) => caches.changed(contentKindOf(payload)),
      () => caches.changed(null),
    );
  },
  { name: 'content-changes', dependencies: ['db'] },
);
