import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createClientErrorService, type ClientErrorService } from './client-error-service';

declare module '../../plugins/app/services' {
  interface Services {
    /** The browser's error reports, forwarded to the error tracker. */
    clientErrors: ClientErrorService;
  }
}

/** Error reports from the pages (the api's own errors go to the tracker from the error handler and the scheduler). */
export const errorReportsPlugin = fp<{ config: Config }>(
  async (app) => {
    app.services.clientErrors = createClientErrorService({ reporter: app.errorReporter });
  },
  { name: 'error-reports', dependencies: ['services', 'error-handler'] },
);
