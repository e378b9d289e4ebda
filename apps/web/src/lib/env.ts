import { z } from 'zod';

const originSchema = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const envSchema = z.object({
  API_URL: originSchema.default('http://127.0.0.1:4000'),
  SITE_URL: originSchema.default('http://localhost:3000'),
  // Shared with the api: sent on the web server's own calls so the api knows them from a visitor's.
  WEB_SECRET: z.string().min(32).optional(),
});

export type WebEnv = z.infer<typeof envSchema>;

/** The header the web server proves itself with (the api's WEB_SECRET_HEADER, server/forwarding.mjs). */
export const WEB_SECRET_HEADER = 'x-web-secret';

/** Server-side settings, parsed once; the browser never reads them (it talks to the api through the /spa rewrite). */
export function readEnv(source: Record<string, string | undefined> = process.env): WebEnv {
  return envSchema.parse({
    API_URL: source.API_URL || undefined,
    SITE_URL: source.SITE_URL || undefined,
    WEB_SECRET: source.WEB_SECRET || undefined,
  });
}

let cached: WebEnv | undefined;
export function serverEnv(): WebEnv {
  cached ??= readEnv();
  return cached;
}

/** Headers of a call the web server makes to the api for itself (server-side rendering). */
export function webServerHeaders(): Record<string, string> {
  const secret = serverEnv().WEB_SECRET;
  return secret ? { [WEB_SECRET_HEADER]: secret } : {};
}
