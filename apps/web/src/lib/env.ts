import { z } from 'zod';

const originSchema = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const envSchema = z.object({
  API_URL: originSchema.default('http://127.0.0.1:4000'),
  SITE_URL: originSchema.default('http://localhost:3000'),
});

export type WebEnv = z.infer<typeof envSchema>;

/** Server-side settings, parsed once; the browser never reads them (it talks to the api through the /spa rewrite). */
export function readEnv(source: Record<string, string | undefined> = process.env): WebEnv {
  return envSchema.parse({ API_URL: source.API_URL || undefined, SITE_URL: source.SITE_URL || undefined });
}

let cached: WebEnv | undefined;
export function serverEnv(): WebEnv {
  cached ??= readEnv();
  return cached;
}
