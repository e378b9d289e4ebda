import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Messages } from '@playhouse/shared/contracts/content';

const MESSAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/db/src/messages');

/**
 * The seeded messages of a locale as the app receives them: `{locale}.json` plus each `{locale}/{namespace}.json`
 * under its namespace (the seed's readMessageCatalogues checks the files; tests only need them read).
 */
export function seededMessages(locale: string): Messages {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Messages;
  const messages = read(path.join(MESSAGES_DIR, `${locale}.json`));
  const folder = path.join(MESSAGES_DIR, locale);
  if (!existsSync(folder)) return messages;
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
    messages[name.slice(0, -'.json'.length)] = read(path.join(folder, name));
  }
  return messages;
}
