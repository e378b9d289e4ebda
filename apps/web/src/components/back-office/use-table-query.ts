'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import type { TableQuery } from '@/lib/back-office/office-api';

/** Parameters that choose the view of the same result; any other change (a filter, the search) starts at page 1. */
const VIEW_PARAMS = new Set(['page', 'pageSize', 'sort', 'dir']);

/**
 * A back-office table's state in the address's search parameters, so a view (page, sort, filters) is a link: `query`
 * holds them as strings, `update` replaces some (undefined or '' removes one) and goes back to page 1 unless only the
 * page, its size or the sort changed.
 */
export function useTableQuery(): {
  query: TableQuery;
  update: (patch: Record<string, string | undefined>) => void;
} {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const search = params.toString();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search]);
  const update = useCallback(
    (patch: Record<string, string | undefined>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (Object.keys(patch).some((key) => !VIEW_PARAMS.has(key)) || ('pageSize' in patch && !('page' in patch))) {
        next.delete('page');
      }
      router.replace(next.size > 0 ? `${pathname}?${next}` : pathname, { scroll: false });
    },
    [pathname, router, search],
  );
  return { query, update };
}
