import { seedDemo } from '@playhouse/db/seed';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createSharedTestDb } from './test-db';

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Two api instances on one fresh database seeded with the demo content, as production runs N of them: what one
 * learns, the other must show too. `env` adds to the test configuration (jobs off, logs silent); `shared.handles[0]`
 * is the first instance's handle, `close` ends both instances and the database.
 */
export async function twoInstances(env: Record<string, string> = {}) {
  const shared = await createSharedTestDb();
  await seedDemo(shared.handles[0].db);
  const config = loadConfig({
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    ...env,
  });
  const instances: [App, App] = [
    await buildApp({ config, dbHandle: shared.handles[0], logger: false }),
    await buildApp({ config, dbHandle: shared.handles[1], logger: false }),
  ];
  await Promise.all(instances.map((app) => app.ready()));
  return {
    instances,
    shared,
    async close() {
      await Promise.all(instances.map((app) => app.close()));
      await shared.close();
    },
  };
}
