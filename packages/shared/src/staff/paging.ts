import { z } from 'zod';

/**
 * The paging contract of every back-office list route (issue 11): one page of a filtered, sorted result, or the whole
 * filtered result as CSV (`format=csv`, at most CSV_ROW_CAP rows). A route extends the query with its own filters and
 * whitelists its sortable columns (`sortableBy`): an unknown column is a 400, never SQL.
 */
export const STAFF_PAGE_SIZE_DEFAULT = 25;
export const STAFF_PAGE_SIZE_MAX = 100;
/** The most rows one CSV export holds; a cut export says so in its last row. */
export const CSV_ROW_CAP = 10_000;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const staffPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(STAFF_PAGE_SIZE_DEFAULT),
  sort: z.string().max(40).optional(),
  dir: z.enum(SORT_DIRECTIONS).default('desc'),
  q: z.string().trim().max(100).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type StaffPageQuery = z.infer<typeof staffPageQuerySchema>;

/** The page query of a list whose rows sort by `columns` only: `sortableBy(['createdAt', 'amount']).extend({...})`. */
export function sortableBy<const C extends readonly [string, ...string[]]>(columns: C) {
  return staffPageQuerySchema.extend({ sort: z.enum(columns).optional() });
}

/** One page of a list: its rows, how many rows the filters match in all, and which page this is. */
export function staffPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/**
 * The rows a query should read for this request: the page asked for, or, for a CSV export, the whole result from the
 * start up to one row past the cap (so the export knows it was cut).
 */
export function pageWindow(query: Pick<StaffPageQuery, 'page' | 'pageSize' | 'format'>): {
  limit: number;
  offset: number;
} {
  if (query.format === 'csv') return { limit: CSV_ROW_CAP + 1, offset: 0 };
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}
