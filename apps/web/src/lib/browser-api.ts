import type { Locale } from '@playhouse/shared/locales';
import type { z } from 'zod';
import { ApiError, apiErrorFrom } from './api-error';
import { queryString, type Query } from './query-string';
import { askSecondFactor } from './staff/second-factor-prompt';

declare global {
  // zod's global settings, which it reads from here when it loads (zod/v4/core's globalConfig).
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// zod compiles its object parsers with `new Function` when it may: to find out, it tries once, and the pages' content
// policy (no 'unsafe-eval') refuses it, which the browser reports as a policy violation (Lighthouse's best-practices
// audit counts it). In the browser it parses without compiling: set before the contracts (and zod) load with a page's
// first answer, so zod never tries.
if (typeof window !== 'undefined') globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export type BrowserRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  locale?: Locale;
  /** A JSON body, or a FormData sent as multipart. */
  body?: unknown;
  query?: Query;
  /** The retry key of a call that moves money: the same key gets the first answer again. */
  idempotencyKey?: string;
  /** Extra request headers (a game session's bearer token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** A shared schema, or a loader of one: the area api modules load their contracts (and zod) on their first call. */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * A loader of one schema of a contracts module, e.g. `lazySchema(contracts, 'cashboxResponseSchema')` with
 * `const contracts = () => import('@playhouse/shared/contracts/cashbox')`: the module (and zod) is fetched when the
 * first answer has to be parsed, not with the page.
 */
export function lazySchema<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<M[K]> {
  return () => load().then((contracts) => contracts[name]);
}

/** A same-origin path with its query string; empty values are left out. */
export function withQuery(path: string, query: BrowserRequest['query'] = {}): string {
  const search = queryString(query);
  return search ? `${path}?${search}` : path;
}

async function resolveSchema<S extends z.ZodType>(schema: SchemaSource<S>): Promise<S> {
  return typeof schema === 'function' ? schema() : schema;
}

/**
 * Calls the api from the browser: same origin through the /spa rewrite, with the session cookie and the locale.
 * A 2xx answer is parsed with its shared schema (null schema: no body expected); anything else is an ApiError.
 * Only the area api modules (`lib/<area>/<area>-api.ts`) call it; components call those.
 */
export async function browserApi<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  request?: BrowserRequest,
): Promise<z.infer<S>>;
export async function browserApi(path: string, schema: null, request?: BrowserRequest): Promise<null>;
export async function browserApi(
  path: string,
  schema: SchemaSource<z.ZodType> | null,
  { method = 'GET', locale, body, query, idempotencyKey, headers: extra, signal }: BrowserRequest = {},
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  if (locale) headers['X-Locale'] = locale;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const target = withQuery(path, query);
  const send = async (): Promise<{ response: Response; data: unknown }> => {
    let response: Response;
    try {
      response = await fetch(target, { method, headers, body: payload, credentials: 'include', signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'network_error', `${method} ${path} could not be sent`);
    }
    return { response, data: response.status === 204 ? null : await response.json().catch(() => null) };
  };
  let { response, data } = await send();
  if (!response.ok) {
    const error = await apiErrorFrom(response.status, data, `${method} ${path}`);
    // Money and roles in the back office: the api wants a code from the last minutes; once the member entered one,
    // the same request (same idempotency key) goes again. Nothing happened the first time.
    if (error.code !== 'fresh_second_factor_required' || !(await askSecondFactor())) throw error;
    ({ response, data } = await send());
    if (!response.ok) throw await apiErrorFrom(response.status, data, `${method} ${path}`);
  }
  return schema ? (await resolveSchema(schema)).parse(data) : null;
}
