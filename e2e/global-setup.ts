import type { FullConfig } from '@playwright/test';
import { categoriesResponseSchema, localesResponseSchema } from '@playhouse/shared/contracts/content';

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Runs once the api and the web are up: checks that the api seeded its fresh database (so a seed failure reads as
 * one clear error, not as every spec timing out), then renders each locale's home page once so no test pays for a
 * cold server.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const apiUrl = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4102}`;
  const siteUrl = config.projects[0]?.use.baseURL;
  if (!siteUrl) throw new Error('playwright.config.ts sets no baseURL');

  const { locales } = localesResponseSchema.parse(await getJson(`${apiUrl}/spa/locales`));
  if (locales.length === 0) throw new Error(`${apiUrl}/spa/locales is empty: the demo seed did not run`);
  const { categories } = categoriesResponseSchema.parse(await getJson(`${apiUrl}/spa/categories`));
  if (categories.length === 0) throw new Error(`${apiUrl}/spa/categories is empty: the demo seed did not run`);

  for (const { value } of locales) {
    const response = await fetch(`${siteUrl}/${value}`);
    if (!response.ok) throw new Error(`GET ${siteUrl}/${value} answered ${response.status}`);
    await response.arrayBuffer();
  }
}
