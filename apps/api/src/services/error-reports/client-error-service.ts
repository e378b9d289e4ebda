import type { CaptchaErrorBody, ClientErrorBody } from '@playhouse/shared';
import type { ErrorReporter } from '@playhouse/shared/error-reporting';

export type ClientErrorService = ReturnType<typeof createClientErrorService>;

/**
 * The browser's errors, reported by the api in its name: the pages carry no error-tracking SDK and no DSN, and what
 * they send is bounded by the contract and the route's rate limit.
 */
export function createClientErrorService({ reporter }: { reporter: ErrorReporter }) {
  function report(body: ClientErrorBody, requestId: string) {
    const error = new Error(body.message);
    error.name = body.name ?? 'BrowserError';
    // The browser's own stack: its frames name the page's scripts, which the tracker shows as they are.
    error.stack = body.stack ?? `${error.name}: ${body.message}`;
    reporter.capture(error, {
      tags: {
        side: 'browser',
        source: body.source,
        path: body.path,
        requestId,
        ...(body.digest ? { digest: body.digest } : {}),
      },
    });
  }

  return {
    report,
    /** The captcha widget's errors (SPEC.md §7 `/spa/hcaptchaError/create`): one kind of browser error. */
    reportCaptcha: (body: CaptchaErrorBody, requestId: string) =>
      report({ ...body, source: 'captcha', name: 'CaptchaWidgetError' }, requestId),
  };
}
