import type { z } from 'zod';
import { ApiError } from '../api-error';
import { browserApi, withQuery, type BrowserRequest, type SchemaSource } from '../browser-api';

/** The URL state of a back-office table (page, pageSize, sort, dir, q and the screen's own filters), as strings. */
export type TableQuery = Record<string, string>;

/** Sent on window after each back-office call: the api slid the staff session's idle expiry (session-watch.tsx). */
export const STAFF_ACTIVITY_EVENT = 'playhouse:staff-activity';
/** Sent on window when the api answered 401 to a back-office call: the staff session is over. */
export const STAFF_SIGNED_OUT_EVENT = 'playhouse:staff-signed-out';

/**
 * Calls a staff route from the browser (the back office's area modules use this, not browserApi): a 401 means the
 * staff session ended (idle timeout, blocked, reset second factor), so the shell sends its member to sign in again.
 */
export async function officeApi<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  request?: BrowserRequest,
): Promise<z.infer<S>>;
export async function officeApi(path: string, schema: null, request?: BrowserRequest): Promise<null>;
export async function officeApi(
  path: string,
  schema: SchemaSource<z.ZodType> | null,
  request?: BrowserRequest,
): Promise<unknown> {
  try {
    const answer = schema === null ? await browserApi(path, null, request) : await browserApi(path, schema, request);
    window.dispatchEvent(new Event(STAFF_ACTIVITY_EVENT));
    return answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) window.dispatchEvent(new Event(STAFF_SIGNED_OUT_EVENT));
    else if (error instanceof ApiError && error.status > 0) window.dispatchEvent(new Event(STAFF_ACTIVITY_EVENT));
    throw error;
  }
}

/** The link that downloads a list as CSV: the same filters and sort, every page (the api caps it at 10,000 rows). */
export function csvExportHref(path: string, query: TableQuery): string {
  const { page: _page, pageSize: _pageSize, ...rest } = query;
  return withQuery(path, { ...rest, format: 'csv' });
}
