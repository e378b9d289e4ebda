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
