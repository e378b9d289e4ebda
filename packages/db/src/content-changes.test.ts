import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client';
import { CONTENT_CHANNEL, CONTENT_KINDS, CONTENT_TABLES, contentKindOf } from './content-changes';

let handle: DbHandle;
const heard: string[] = [];
let stop: () => Promise<void>;

beforeAll(async () => {
  handle = await createDb();
  stop = await handle.listen(CONTENT_CHANNEL, (payload) => heard.push(payload));
}, 120_000);
afterAll(async () => {
  await stop();
  await handle.close();
});

/** Lets the listener's delivery run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

async function triggeredTables(): Promise<Map<string, string>> {
  const result = await handle.db.execute(sql`
    select c.relname as table, encode(t.tgargs, 'escape') as args
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname like '%\_content\_changed' and not t.tgisinternal`);
  const rows = (result as unknown as { rows: { table: string; args: string }[] }).rows;
  // tgargs holds each argument followed by a NUL byte.
  return new Map(rows.map((row) => [row.table, row.args.replace(/\\000$/, '')]));
}

describe('content change notifications (migration 0017)', () => {
  it('every content table announces its kind, and only those tables do', async () => {
    expect(Object.fromEntries(await triggeredTables())).toEqual(CONTENT_TABLES);
  });

  it('a committed write is announced once per kind, after the commit', async () => {
    heard.length = 0;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`update slides set position = position + 1 where kind = 'home'`);
      await tx.execute(sql`update slides set position = position - 1 where kind = 'home'`);
      await tx.execute(sql`update locales set title = title`);
      // Nothing is delivered before the commit.
      await settle();
      expect(heard).toEqual([]);
    });
    await settle();
    expect(heard.sort()).toEqual(['locales', 'slides']);
  });

  it('a rolled-back write is not announced', async () => {
    heard.length = 0;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`delete from slides`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await settle();
    expect(heard).toEqual([]);
  });

  it('raises the content version in the writing transaction (migration 0021), and not for a rolled-back one', async () => {
    const version = async () => {
      const result = await handle.db.execute(sql`select version from content_version where id = 1`);
      return Number((result as unknown as { rows: { version: string | number }[] }).rows[0]?.version);
    };
    const before = await version();
    await handle.db.execute(sql`update articles set position = position`);
    expect(await version()).toBe(before + 1);
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`update translations set value = value`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await version()).toBe(before + 1);
  });

  it('knows every kind the triggers send, and nothing else', () => {
    for (const kind of CONTENT_KINDS) expect(contentKindOf(kind)).toBe(kind);
    expect(contentKindOf('ledger')).toBeNull();
  });
});
