import { z } from 'zod';

/** Where in the page the error was met: the window, a React error boundary, or the captcha widget. */
export const CLIENT_ERROR_SOURCES = ['window', 'boundary', 'captcha'] as const;

const pageTextSchema = (max: number) => z.string().trim().min(1).max(max);

/** POST /spa/client-errors: an error the browser met, forwarded to the error tracker. */
export const clientErrorBodySchema = z
  .object({
    source: z.enum(CLIENT_ERROR_SOURCES),
    name: pageTextSchema(100).optional(),
    message: pageTextSchema(1_000),
    stack: z.string().max(8_000).optional(),
    /** The page's path, without its query (which may hold tokens). */
    path: z
      .string()
      .max(300)
      .regex(/^\/[^\s?#]*$/, 'must be a path starting with /'),
    /** Next's digest of a server error shown by an error boundary: it names the server's own report. */
    digest: z.string().max(100).optional(),
  })
  .strict()
  .meta({ id: 'ClientErrorBody' });
export type ClientErrorBody = z.infer<typeof clientErrorBodySchema>;

/** POST /spa/hcaptchaError/create (SPEC.md §7): what the captcha widget reported. */
export const captchaErrorBodySchema = clientErrorBodySchema
  .omit({ source: true, name: true, digest: true })
  .strict()
  .meta({ id: 'CaptchaErrorBody' });
export type CaptchaErrorBody = z.infer<typeof captchaErrorBodySchema>;

export const errorReportAcceptedSchema = z.object({ accepted: z.literal(true) });
