import { and, eq, getTableColumns, type Column, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';

/**
 * The condition that each named column of `table` holds the given value, all of them at once:
 * `columnsEqual(providerTransactions, { provider, type: 'rollback' })`. The names and the values' types are checked
 * against the table; a value left undefined would silently drop its condition and null never equals anything (that
 * is isNull's work), so both are refused.
 */
export function columnsEqual<T extends Table>(table: T, values: Partial<InferSelectModel<T>>): SQL {
  const columns: Record<string, Column> = getTableColumns(table);
  const conditions = Object.entries(values).map(([name, value]) => {
    const column = columns[name];
    if (!column || value === undefined || value === null)
      throw new Error(`columnsEqual: no value for the column ${name}`);
    return eq(column, value);
  });
  const all = and(...conditions);
  if (!all) throw new Error('columnsEqual: no columns named');
  return all;
}
