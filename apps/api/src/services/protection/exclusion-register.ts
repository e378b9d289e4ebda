import { readFile, stat } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { emailKey, nameKey, type PersonIdentity } from './identity';

/**
 * A national self-exclusion register (GAMSTOP, OASIS, ROFUS, Spelpaus and the like): asked at registration, at the
 * confirmation and before deposits whether a person has excluded themselves from all operators. A real one is an
 * HTTP service behind this interface (docs/operations.md); the demo's is a file.
 */
export interface ExclusionRegister {
  /** Whether the person is on the register. Throws when the register cannot answer: the caller refuses then. */
  listed(person: PersonIdentity): Promise<boolean>;
}

/** No register configured: nobody is listed. */
export const noExclusionRegister: ExclusionRegister = { listed: async () => false };

interface Entries {
  emails: Set<string>;
  phones: Set<string>;
  /** `${nameKey}|${dateOfBirth}` */
  names: Set<string>;
}

/**
 * The demo's register: a CSV file with the columns `email,phone,full_name,date_of_birth` (a header line first; any
 * column may be empty; a name counts only with its date of birth), read again whenever the file changes. Phones are
 * written as E.164 (+4915123456789).
 */
export function fileExclusionRegister(file: string): ExclusionRegister {
  let loaded: { mtimeMs: number; size: number; entries: Entries } | null = null;

  async function entries(): Promise<Entries> {
    const info = await stat(file);
    if (loaded && loaded.mtimeMs === info.mtimeMs && loaded.size === info.size) return loaded.entries;
    const rows = parse(await readFile(file, 'utf8'), { bom: true, relax_column_count: true }) as string[][];
    const header = (rows.shift() ?? []).map((cell) => cell.trim().toLowerCase());
    const column = (name: string) => header.indexOf(name);
    const [email, phone, fullName, dateOfBirth] = ['email', 'phone', 'full_name', 'date_of_birth'].map(column);
    if ([email, phone, fullName, dateOfBirth].some((index) => index === -1)) {
      throw new Error(`${file}: the header must name email, phone, full_name and date_of_birth`);
    }
    const next: Entries = { emails: new Set(), phones: new Set(), names: new Set() };
    for (const row of rows) {
      const cell = (index: number | undefined) => (row[index ?? -1] ?? '').trim();
      if (cell(email)) next.emails.add(emailKey(cell(email)));
      if (cell(phone)) next.phones.add(cell(phone).replace(/[\s().-]/g, ''));
      const name = nameKey(cell(fullName));
      if (name && cell(dateOfBirth)) next.names.add(`${name}|${cell(dateOfBirth)}`);
    }
    loaded = { mtimeMs: info.mtimeMs, size: info.size, entries: next };
    return next;
  }

  return {
    async listed(person) {
      const { emails, phones, names } = await entries();
      const name = nameKey(person.fullName);
      return (
        emails.has(emailKey(person.email)) ||
        (person.phone !== null && phones.has(person.phone)) ||
        (name !== null && person.dateOfBirth !== null && names.has(`${name}|${person.dateOfBirth}`))
      );
    },
  };
}
