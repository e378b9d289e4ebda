/** A query's values: a repeated parameter (`breakpoint[]`) is a list, sent once per item. */
export type QueryValue = string | number | readonly (string | number)[] | undefined;
export type Query = Record<string, QueryValue>;

/** A query string (without `?`), leaving out undefined values, and empty strings unless `keepEmpty`. */
export function queryString(query: Query = {}, { keepEmpty = false } = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && (keepEmpty || item !== '')) search.append(key, String(item));
    }
  }
  return search.toString();
}
