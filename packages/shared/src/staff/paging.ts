import { z } from 'zod';

/**
 * The query every back-office list takes: page, page size, sort column and direction, a free-text filter and the
 * format (a CSV export of the whole filtered result). Extend it with `.extend({...})` for a route's own filters; each
 * route whitelists its sortable columns (an unknown sort is a 400).
 */
export const staffPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.string().max(40).optional(),
  dir: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(100).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type StaffPageQuery = z.infer<typeof staffPageQuerySchema>;

/** One page of a back-office list. */
export function staffPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
