import { and, asc, eq, inArray } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { pageMetadata, siteSettings, htmlSnippets } = schema;

/** The route row marker for the site-wide default metadata. */
export const DEFAULT_METADATA_ROUTE = '*';

export function listPageMetadata(db: DbOrTx, routePaths: string[]) {
  return db.select().from(pageMetadata).where(inArray(pageMetadata.routePath, routePaths));
}

export async function findSiteSettings(db: DbOrTx) {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  return row;
}

export function listSnippets(db: DbOrTx, slot: 'head/bottom' | 'body/top' | 'body/bottom') {
  return db
    .select({ id: htmlSnippets.id, html: htmlSnippets.html })
    .from(htmlSnippets)
    .where(and(eq(htmlSnippets.slot, slot), eq(htmlSnippets.active, true)))
    .orderBy(asc(htmlSnippets.position), asc(htmlSnippets.id));
}
