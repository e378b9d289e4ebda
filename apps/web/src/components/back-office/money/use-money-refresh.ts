'use client';

import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** Reloads every cached page of one back-office list (the DataTable caches its pages under its cache key). */
export function useListRefresh(cacheKey: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    () => mutate((key) => Array.isArray(key) && key[0] === 'back-office' && key[1] === cacheKey),
    [mutate, cacheKey],
  );
}
