import fp from 'fastify-plugin';
import { CONTENT_CHANNEL, contentKindOf } from '@playhouse/db';
import { createContentCaches, type ContentCaches } from '../../lib/memory-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The caches of public content in this instance's memory; domains take theirs from here. */
    contentCaches: ContentCaches;
  }
}

/**
 * Public content served from memory, dropped on every instance when it changes: the database announces each
 * committed change of a content table on the 'content_changed' channel (triggers, migration 0017), and this instance
 * listens from before it serves its first request until it closes. A notification it cannot read drops everything.
 */
export const contentChangesPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    const caches = createContentCaches({ enabled });
    app.decorate('contentCaches', { enabled: caches.enabled, cache: caches.cache } satisfies ContentCaches);
    if (!enabled) return;
    const stop = await app.dbHandle.listen(CONTENT_CHANNEL, (payload) => caches.changed(contentKindOf(payload)));
    app.addHook('preClose', async () => {
      await stop().catch((error: unknown) => app.log.warn({ err: error }, 'closing the content listener failed'));
    });
  },
  { name: 'content-changes', dependencies: ['db'] },
);
