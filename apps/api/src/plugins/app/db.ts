import fp from 'fastify-plugin';
import { createDb, type Db, type DbHandle } from '@playhouse/db';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

/**
 * The database for the app's lifetime: the handle it was given (tests own theirs) or one it opens from the config,
 * migrated, and closes after the last in-flight request.
 */
export const dbPlugin = fp<{ config: Config; dbHandle?: DbHandle | undefined }>(
  async (app, { config, dbHandle }) => {
    const handle = dbHandle ?? (await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
    app.decorate('dbHandle', handle);
    app.decorate('db', handle.db);
    if (!dbHandle) app.addHook('onClose', async () => handle.close());
  },
  { name: 'db' },
);
