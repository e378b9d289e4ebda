import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { LOCALES, type Locale, type Messages } from '@playhouse/shared';
import type { DbOrTx } from './client';
import { locales, translations } from './schema/content';

/**
 * The UI message catalogues (next-intl), found beside this module wherever it runs from: `{locale}.json`, plus one
 * file per further namespace in `{locale}/{namespace}.json`, so areas of the site keep their texts apart. The seed
 * writes them into the translations table; the api reads them for its own texts.
 */
export const MESSAGES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'messages');

export type FlatMessages = Record<string, string>;
export type MessageCatalogues = Record<Locale, FlatMessages>;

/** Nested messages → dotted keys: { home: { title: 'x' } } → { 'home.title': 'x' }. */
export function flattenMessages(messages: unknown, source = 'messages'): FlatMessages {
  const flat: FlatMessages = {};
  const walk = (node: unknown, prefix: string): void => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) {
      throw new Error(`${source}: ${prefix || 'the root'} must be an object of messages`);
    }
    for (const [key, value] of Object.entries(node)) {
      // next-intl reads dots as nesting, so a dotted key could never be looked up.
      if (key === '' || key.includes('.')) throw new Error(`${source}: invalid message key "${prefix}${key}"`);
      const dotted = `${prefix}${key}`;
      if (typeof value === 'string') flat[dotted] = value;
      else if (value !== null && typeof value === 'object' && !Array.isArray(value)) walk(value, `${dotted}.`);
      else throw new Error(`${source}: "${dotted}" must be a string or an object of messages`);
    }
  };
  walk(messages, '');
  return flat;
}

/** Dotted keys → nested messages, the shape next-intl and GET /spa/translation/{lang} use. */
export function unflattenMessages(flat: Readonly<Record<string, string>>): Messages {
  const root: Messages = {};
  for (const [dotted, value] of Object.entries(flat)) {
    const parts = dotted.split('.');
    const last = parts.pop() as string;
    let node = root;
    for (const part of parts) {
      const next = node[part];
      if (typeof next === 'string') throw new Error(`message key "${dotted}" collides with the message "${part}"`);
      node = next ?? (node[part] = {});
    }
    if (typeof node[last] === 'object') throw new Error(`message key "${dotted}" collides with a namespace`);
    node[last] = value;
  }
  return root;
}

async function readJson(file: string, missing: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`${missing}: cannot read ${file}`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`UI messages in ${file} are not valid JSON`, { cause: error });
  }
}

/** `{locale}/{namespace}.json` files; none when the folder does not exist. */
async function namespaceFiles(dir: string, locale: Locale): Promise<string[]> {
  try {
    const names = await readdir(path.join(dir, locale));
    return names.filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Reads and checks every locale's message files; a missing or malformed file is an error naming the file. */
export async function readMessageCatalogues(dir: string = MESSAGES_DIR): Promise<MessageCatalogues> {
  const entries = await Promise.all(
    LOCALES.map(async (locale) => {
      const file = path.join(dir, `${locale}.json`);
      const flat = flattenMessages(await readJson(file, `UI messages for locale "${locale}" are missing`), file);
      for (const name of await namespaceFiles(dir, locale)) {
        const namespaceFile = path.join(dir, locale, name);
        const namespace = name.slice(0, -'.json'.length);
        const parsed = { [namespace]: await readJson(namespaceFile, 'UI messages are missing') };
        for (const [key, value] of Object.entries(flattenMessages(parsed, namespaceFile))) {
          if (key in flat) throw new Error(`${namespaceFile}: "${key}" is already in ${locale}.json`);
          flat[key] = value;
        }
      }
      if (Object.keys(flat).length === 0) throw new Error(`UI messages in ${file} are empty`);
      return [locale, flat] as const;
    }),
  );
  return Object.fromEntries(entries) as MessageCatalogues;
}

/**
 * One locale's shipped messages, nested as GET /spa/translation/{lang} gives them (before any text staff edited):
 * what tests and tools read instead of opening the files by path.
 */
export function readLocaleMessages(locale: Locale, dir: string = MESSAGES_DIR): Messages {
  const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
  const flat = flattenMessages(read(path.join(dir, `${locale}.json`)));
  const folder = path.join(dir, locale);
  const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : [];
  for (const name of names.sort()) {
    Object.assign(flat, flattenMessages({ [name.slice(0, -'.json'.length)]: read(path.join(folder, name)) }));
  }
  return unflattenMessages(flat);
}

const INSERT_BATCH = 500;

/**
 * Makes the translations table hold exactly these catalogues: new keys are added, changed texts updated (their
 * updatedAt moves), unchanged rows left alone and keys no longer in a file removed. A text staff set in the back
 * office (editedAt) is kept as they wrote it while its key is still in the files. One transaction (a savepoint
 * when `db` is already a transaction).
 */
export async function writeMessages(db: DbOrTx, catalogues: MessageCatalogues): Promise<{ keys: number }> {
  return db.transaction(async (tx) => {
    const present = new Set((await tx.select({ code: locales.code }).from(locales)).map((row) => row.code));
    const absent = LOCALES.filter((locale) => !present.has(locale));
    if (absent.length > 0) {
      throw new Error(`cannot load UI messages: locales ${absent.join(', ')} are not in the locales table`);
    }
    let keys = 0;
    for (const locale of LOCALES) {
      const rows = Object.entries(catalogues[locale]).map(([key, value]) => ({ locale, key, value }));
      keys += rows.length;
      await tx.delete(translations).where(
        and(
          eq(translations.locale, locale),
          notInArray(
            translations.key,
            rows.map((row) => row.key),
          ),
        ),
      );
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        await tx
          .insert(translations)
          .values(rows.slice(start, start + INSERT_BATCH))
          .onConflictDoUpdate({
            target: [translations.locale, translations.key],
            set: { value: sql`excluded.value`, updatedAt: sql`now()` },
            // A text a staff member set in the back office is theirs until they change it again.
            setWhere: sql`${translations.value} is distinct from excluded.value and ${translations.editedAt} is null`,
          });
      }
    }
    return { keys };
  });
}

/**
 * (Re)loads the UI texts from the message files into the translations table, so operators can refresh them without
 * re-seeding. Reads every file before it writes anything.
 */
export async function loadMessages(db: DbOrTx, options: { dir?: string } = {}): Promise<{ keys: number }> {
  return writeMessages(db, await readMessageCatalogues(options.dir));
}

/**
 * The argument names an ICU message uses ({name}, {count, plural, ...}), including those nested in plural and select
 * branches. Throws on unbalanced braces. Apostrophe quoting is not interpreted: the catalogues do not use it.
 */
export function icuArgumentNames(message: string): Set<string> {
  const names = new Set<string>();
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`invalid ICU message (${why} at ${i}): ${message}`);
  };
  const skipSpace = () => {
    while (i < message.length && /\s/.test(message[i] as string)) i++;
  };
  const word = (): string => {
    const start = i;
    while (i < message.length && /[^\s,{}]/.test(message[i] as string)) i++;
    return message.slice(start, i);
  };
  // Text up to the closing brace of the enclosing branch (or the end at the top level).
  const text = (nested: boolean): void => {
    while (i < message.length) {
      const char = message[i];
      if (char === '{') argument();
      else if (char === '}') {
        if (!nested) fail('unexpected }');
        return;
      } else i++;
    }
    if (nested) fail('missing }');
  };
  const argument = (): void => {
    i++;
    skipSpace();
    const name = word();
    if (!name) fail('empty argument');
    names.add(name);
    skipSpace();
    if (message[i] === '}') {
      i++;
      return;
    }
    if (message[i] !== ',') fail('expected , or }');
    i++;
    skipSpace();
    const type = word();
    skipSpace();
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      if (message[i] !== ',') fail('expected , after the argument type');
      i++;
      for (;;) {
        skipSpace();
        if (message[i] === '}') {
          i++;
          return;
        }
        const selector = word();
        if (!selector) fail('expected a selector');
        skipSpace();
        if (selector.startsWith('offset:')) continue;
        if (message[i] !== '{') fail('expected { after a selector');
        i++;
        text(true);
        i++;
      }
    }
    // number, date, time with an optional style: skip to the closing brace.
    if (message[i] === ',') {
      while (i < message.length && message[i] !== '}') i++;
    }
    if (message[i] !== '}') fail('missing }');
    i++;
  };
  text(false);
  return names;
}
