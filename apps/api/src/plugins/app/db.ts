import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDb, type Db, type DbHandle } from '@playhouse/db';
import { seedDemo } from '@playhouse/db/seed';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

/**
 * The database for the app's lifetime: the handle it was given (tests own theirs) or one it opens from the config,
 * migrated, and closes after the last in-flight request. With SEED_DEMO an empty database gets the demo content.
 */
export const dbPlugin = fp<{ config: Config; dbHandle?: DbHandle | undefined }>(
  async (app, { config, dbHandle }) => {
    const handle =
      dbHandle ??
      (await createDb({
        databaseUrl: config.databaseUrl,
        poolSize: config.databasePoolSize,
        dataDir: config.dataDir,
        // Live streams resynchronise once it is back; until then they hear nothing.
        onListenError: (error) => app.log.warn({ err: error }, 'the LISTEN connection failed; reconnecting'),
      }));
    if (config.seedDemo) {
      try {
        const { seeded } = await seedDemo(handle.db);
        if (seeded) app.log.info('seeded the demo content into the empty database');
      } catch (error) {
        if (!dbHandle) await handle.close();
        throw error;
      }
    }
    app.decorate('dbHandle', handle);
    app.decorate('db', handle.db);
    if (!dbHandle) app.addHook('onClose', async () => handle.close());
  },
  { name: 'db' },
);

/**
 * Listens on `channel` from now (before the app serves its first request) until the app closes. Notifications sent
 * while the listener was reconnecting are lost, so after a reconnect `onGap` runs: whoever keeps what the
 * notifications would have dropped drops all of it.
 */
export async function listenWhileOpen(
  app: FastifyInstance,
  channel: string,
  onPayload: (payload: string) => void,
  onGap: () => void,
): Promise<void> {
  const stop = await app.dbHandle.listen(channel, onPayload, { onReconnect: onGap });
  app.addHook('preClose', async () => {
    await stop().catch((error: unknown) => app.log.warn({ err: error, channel }, 'closing a listener failed'));
  });
}
