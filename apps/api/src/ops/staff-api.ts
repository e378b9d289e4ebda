import type { ErrorEnvelope } from '@playhouse/shared';
import { SESSION_COOKIE } from '../services/auth/session-service';

export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface TransportResponse {
  status: number;
  body: string;
  setCookies: string[];
}

/** How requests reach the api: fetch against API_URL in the command line, app.inject in tests. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** An answer of the api that was not a success, with the api's own code and message. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export function fetchTransport(apiUrl: string): Transport {
  return async ({ method, path, headers, body }) => {
    const response = await fetch(new URL(path, apiUrl), { method, headers, body });
    return { status: response.status, body: await response.text(), setCookies: response.headers.getSetCookie() };
  };
}

export type StaffApi = Awaited<ReturnType<typeof signInAsStaff>>;

/**
 * Signs in with a staff account and returns a client for the staff endpoints; `signOut` ends that session.
 * The command line sends no Origin header: the api's Origin check only concerns browsers.
 */
export async function signInAsStaff(transport: Transport, credentials: { login: string; password: string }) {
  let cookie = '';

  async function call<T>(
    method: TransportRequest['method'],
    path: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (cookie) headers.cookie = cookie;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await transport({
      method,
      path,
      headers,
      ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}),
    });
    const session = response.setCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    if (session) cookie = session.split(';')[0] ?? '';
    const parsed: unknown = response.body ? JSON.parse(response.body) : null;
    if (response.status >= 400) {
      const error = (parsed as Partial<ErrorEnvelope> | null)?.error;
      throw new ApiCallError(response.status, error?.code ?? 'error', error?.message ?? `HTTP ${response.status}`);
    }
    return parsed as T;
  }

  const { user } = await call<{ user: { role: string; email: string } }>('POST', '/spa/auth/login', credentials);
  if (user.role !== 'staff' && user.role !== 'admin') {
    await call('POST', '/spa/auth/logout');
    throw new ApiCallError(403, 'forbidden', `${user.email} is not a staff user.`);
  }

  return {
    get: <T>(path: string) => call<T>('GET', path),
    /** `headers`: extra request headers, such as the Idempotency-Key of a money movement. */
    post: <T>(path: string, payload: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, payload, headers),
    put: <T>(path: string, payload: unknown) => call<T>('PUT', path, payload),
    signOut: () => call<null>('POST', '/spa/auth/logout'),
  };
}
