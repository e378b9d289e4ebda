import type { SWRConfiguration } from 'swr';

/** ARCHITECTURE.md: client data through SWR, without refetching on focus or reconnect; a failure is shown, not retried. */
export const SWR_OPTIONS: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
};
