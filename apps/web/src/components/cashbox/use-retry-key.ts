'use client';

import { useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/**
 * One retry key per request: sending the same money request again (after a timeout, a double click) reuses its key,
 * so the api acts once; a different request gets a new one.
 */
export function useRetryKey() {
  const current = useRef({ for: '', key: '' });
  return {
    keyFor(request: string): string {
      if (current.current.for !== request) current.current = { for: request, key: newIdempotencyKey() };
      return current.current.key;
    },
    /** After a request went through: the next one, even if the same, is a new request. */
    forget(): void {
      current.current = { for: '', key: '' };
    },
  };
}
