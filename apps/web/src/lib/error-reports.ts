import type { ClientErrorBody } from '@playhouse/shared/contracts/error-reports';
import { browserApi } from './browser-api';

/** A page in trouble reports a few errors, not a stream: beyond this many, the rest of the page's errors are dropped. */
const REPORTS_PER_PAGE = 5;
const sent = new Set<string>();

/** The page's path without its query or fragment (a reset link's token stays out of reports). */
const currentPath = () => (typeof window === 'undefined' ? '/' : window.location.pathname || '/');

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function describeError(error: unknown): Pick<ClientErrorBody, 'name' | 'message' | 'stack'> {
  if (error instanceof Error) {
    return {
      name: clip(error.name || 'Error', 100),
      message: clip(error.message || error.name || 'Error', 1_000),
      ...(error.stack ? { stack: clip(error.stack, 8_000) } : {}),
    };
  }
  return { message: clip(typeof error === 'string' && error ? error : 'A non-error value was thrown', 1_000) };
}

function send(path: string, body: Record<string, unknown>) {
  const key = JSON.stringify(body);
  if (sent.size >= REPORTS_PER_PAGE || sent.has(key)) return;
  sent.add(key);
  // Reporting must never raise an error of its own (it would report itself).
  void browserApi(path, null, { method: 'POST', body }).catch(() => undefined);
}

/** Sends an error the page met to the api, which forwards it to the operator's error tracker. */
export function reportClientError(source: ClientErrorBody['source'], error: unknown, digest?: string) {
  send('/spa/client-errors', { source, ...describeError(error), path: currentPath(), ...(digest ? { digest } : {}) });
}

/** SPEC.md §7 `/spa/hcaptchaError/create`: the captcha widget failed. */
export function reportCaptchaError(message: string) {
  send('/spa/hcaptchaError/create', { message: clip(message, 1_000), path: currentPath() });
}
