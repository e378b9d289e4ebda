import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '@playhouse/shared';
import type { ErrorReporter } from '@playhouse/shared/error-reporting';
import { AppError, NotFoundError, TRANSACTION_CONFLICTS, databaseErrorCode } from '../../lib/errors';
import { redactUrl } from '../../lib/redact-url';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends unexpected errors (5xx, failed jobs, the browser's reports) to the error tracker, when one is set. */
    errorReporter: ErrorReporter;
  }
  interface FastifyRequest {
    /** The error code a refused request was answered with, for its one log line. */
    errorCode: string | null;
  }
}

/** Codes and safe messages for the 4xx answers Fastify itself produces (parsing, limits). */
const CLIENT_ERRORS: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'The request is malformed.' },
  401: { code: 'unauthorized', message: 'Sign in to continue.' },
  403: { code: 'forbidden', message: 'This is not allowed.' },
  404: { code: 'not_found', message: 'Not found.' },
  405: { code: 'bad_request', message: 'This method is not allowed here.' },
  406: { code: 'bad_request', message: 'No acceptable representation.' },
  408: { code: 'bad_request', message: 'The request took too long.' },
  409: { code: 'conflict', message: 'The request conflicts with the current state.' },
  411: { code: 'bad_request', message: 'A Content-Length header is required.' },
  413: { code: 'payload_too_large', message: 'The request body is too large.' },
  415: { code: 'unsupported_media_type', message: 'This content type is not accepted here.' },
  429: { code: 'rate_limit_exceeded', message: 'Too many requests.' },
};

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The body size does not match Content-Length.',
};

interface Failure {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  /** Seconds the caller should wait before sending the request again (Retry-After). */
  retryAfter?: number;
}

function describe(error: FastifyError | AppError | Error): Failure {
  // A service's 5xx (say, a broken invariant) is a bug: its message is for the log, not the caller.
  if (error instanceof AppError && (error.statusCode < 500 || error.statusCode === 503)) {
    return { status: error.statusCode, code: error.code, message: error.message, fields: error.fields };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
      fields[field] ??= issue.message ?? 'Invalid value.';
    }
    return { status: 400, code: 'validation_failed', message: 'Some fields are invalid.', fields };
  }
  if (TRANSACTION_CONFLICTS.has(databaseErrorCode(error) ?? '')) {
    return {
      status: 503,
      code: 'service_unavailable',
      message: 'The request met another one changing the same data at the same moment. Please retry.',
      retryAfter: 1,
    };
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  const known = CLIENT_ERRORS[status];
  if (status >= 400 && status < 500) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
    return {
      status: known ? status : 400,
      code: known?.code ?? 'bad_request',
      message: FASTIFY_MESSAGES[code] ?? known?.message ?? 'The request is malformed.',
    };
  }
  return { status: 500, code: 'internal_error', message: 'Something went wrong on our side. Please try again.' };
}

/** Whether the request failed because its sender closed the connection before the body was read. */
function senderGaveUp(request: FastifyRequest, error: Error): boolean {
  const code = 'code' in error ? error.code : undefined;
  return request.raw.readableAborted || (code === 'ECONNRESET' && error.message === 'aborted');
}

export function sendError(request: FastifyRequest, reply: FastifyReply, failure: Failure) {
  const body: ErrorEnvelope = {
    error: { code: failure.code, message: failure.message, ...(failure.fields ? { fields: failure.fields } : {}) },
    requestId: request.id,
  };
  if (failure.retryAfter !== undefined) reply.header('retry-after', String(failure.retryAfter));
  return reply.code(failure.status).type('application/json; charset=utf-8').send(body);
}

/**
 * The one place errors become responses: every body is the shared envelope with the request id; 4xx say what the
 * caller got wrong, a 5xx says nothing about internals and is logged with its context.
 */
export const errorHandlerPlugin = fp<{ reporter: ErrorReporter }>(
  async (app, { reporter }) => {
    app.decorate('errorReporter', reporter);
    app.addHook('onClose', async () => {
      await reporter.flush();
    });
    app.decorateRequest('errorCode', null);
    app.setErrorHandler((error: FastifyError | Error, request, reply) => {
      if (senderGaveUp(request, error)) {
        // Nobody is left to answer (a proxy or a browser closed the upload): the sender's doing, not a fault here.
        request.errorCode = 'request_aborted';
        request.log.warn(
          { method: request.method, route: request.routeOptions.url, client: request.clientAddress },
          'request aborted by the client',
        );
        return sendError(request, reply, { status: 400, code: 'request_aborted', message: 'The request was aborted.' });
      }
      const failure = describe(error);
      request.errorCode = failure.code;
      if (failure.status >= 500) {
        // A conflict a retry may pass is expected under load: worth watching, not a fault.
        const route = request.routeOptions.url;
        request.log[failure.retryAfter === undefined ? 'error' : 'warn'](
          { err: error, method: request.method, route, url: redactUrl(request.url) },
          'request failed',
        );
        if (failure.retryAfter === undefined) {
          reporter.capture(error, {
            tags: { requestId: request.id, method: request.method, ...(route ? { route } : {}) },
          });
        }
      }
      return sendError(request, reply, failure);
    });

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
      const notFound = new NotFoundError('There is no such route.');
      request.errorCode = notFound.code;
      return sendError(request, reply, { status: 404, code: notFound.code, message: notFound.message });
    });
  },
  { name: 'error-handler', dependencies: ['@fastify/rate-limit'] },
);
