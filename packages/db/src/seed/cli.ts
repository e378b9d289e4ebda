/**
 * Seeds the database the api uses, or refreshes its UI texts:
 *   npx tsx packages/db/src/seed/cli.ts [demo|messages]
 * DATABASE_URL selects a PostgreSQL server; otherwise the embedded PGlite database in DATA_DIR (default `.data/` at
 * the repository root; a relative DATA_DIR is taken from the repository root too). PGlite allows one process per
 * data folder: stop the api before running this against the embedded database.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '../client';
import { MESSAGES_DIR, loadMessages, seedDemo } from './index';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const USAGE = `Usage: tsx packages/db/src/seed/cli.ts [command]

Commands:
  demo       seed an empty database with the demo content (default); a database with content is left as it is
  messages   reload the UI texts from ${path.relative(REPO_ROOT, MESSAGES_DIR)}/*.json into the translations table

Environment:
  DATABASE_URL   PostgreSQL connection URL; when unset the embedded PGlite database is used
  DATA_DIR       PGlite data folder (default .data/ at the repository root)`;

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ?? 'demo';
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return 0;
  }
  if (argv.length > 1 || (command !== 'demo' && command !== 'messages')) {
    console.error(USAGE);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const rawDataDir = process.env.DATA_DIR || '.data';
  const dataDir = rawDataDir.startsWith('memory://') ? rawDataDir : path.resolve(REPO_ROOT, rawDataDir);
  const target = databaseUrl ? 'the PostgreSQL database at DATABASE_URL' : `the embedded database in ${dataDir}`;
  const handle = await createDb({ databaseUrl, dataDir });
  try {
    if (command === 'demo') {
      const { seeded } = await seedDemo(handle.db);
      console.log(
        seeded ? `Seeded ${target} with the demo content.` : `Left ${target} as it is: it already has content.`,
      );
    } else {
      const { keys } = await loadMessages(handle.db);
      console.log(`Loaded ${keys} UI texts into ${target}.`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
