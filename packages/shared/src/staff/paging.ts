import { z } from 'zod';

/** The query every back-office list takes (extend it with `.extend({...})` for a route's own filters). */
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
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}
