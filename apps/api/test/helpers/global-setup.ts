import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '@playhouse/db';
import { seedDemo } from '@playhouse/db/seed';

/** Where each test file's fresh database starts from: migrated once, and migrated and seeded once, per run. */
export interface TestDbTemplates {
  /** PGlite: dumps of a data folder (files). */
  dumps?: { empty: string; seeded: string };
  /** PostgreSQL: template databases on TEST_DATABASE_URL's server. */
  databases?: { empty: string; seeded: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplates: TestDbTemplates;
  }
}

/**
 * Migrating and seeding a database costs each test file seconds (hundreds of files and two legs a run): here it is
 * done once, and every test file's database is a copy. On PGlite the copy loads a dump of the data folder; on
 * PostgreSQL it is CREATE DATABASE ... TEMPLATE. Test files still get a database of their own.
 *
 * The api projects of one run (api, api-isolated, api-postgres) share one set of templates: the first project's
 * set-up makes them, the last project's teardown removes them. Vitest may load this file once per project, so the
 * set is kept on globalThis.
 */
interface SharedTemplates {
  templates: Promise<{ templates: TestDbTemplates; remove: () => Promise<void> }>;
  users: number;
}
const SHARED = Symbol.for('playhouse.testDbTemplates');
type WithShared = typeof globalThis & { [SHARED]?: SharedTemplates };

export default async function setup(project: TestProject) {
  const holder = globalThis as WithShared;
  const shared = (holder[SHARED] ??= { templates: makeTemplates(), users: 0 });
  shared.users += 1;
  const { templates, remove } = await shared.templates;
  project.provide('testDbTemplates', templates);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await remove();
  };
}

async function makeTemplates(): Promise<{ templates: TestDbTemplates; remove: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const suffix = randomBytes(4).toString('hex');
    const names = { empty: `playhouse_tpl_${suffix}_empty`, seeded: `playhouse_tpl_${suffix}_seeded` };
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    for (const [kind, name] of Object.entries(names)) {
      await admin(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = await createDb({ databaseUrl: url.toString(), poolSize: 2 });
      if (kind === 'seeded') await seedDemo(handle.db);
      await handle.close();
    }
    return {
      templates: { databases: names },
      remove: async () => {
        for (const name of Object.values(names)) await admin(`drop database if exists ${name} with (force)`);
      },
    };
  }

  const folder = await mkdtemp(path.join(os.tmpdir(), 'playhouse-test-db-'));
  const dumps = { empty: path.join(folder, 'empty.tar'), seeded: path.join(folder, 'seeded.tar') };
  const handle = await createDb();
  const write = async (file: string) => {
    const dump = await handle.dump!();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  };
  await write(dumps.empty);
  await seedDemo(handle.db);
  await write(dumps.seeded);
  await handle.close();
  return { templates: { dumps }, remove: () => rm(folder, { recursive: true, force: true }) };
}
