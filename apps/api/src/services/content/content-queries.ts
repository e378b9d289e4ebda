import { and, asc, desc, eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { navCategories, slides, articles, infoPopups, bonusInfos, contentVersion } = schema;

export function listNavCategories(db: DbOrTx) {
  return db
    .select()
    .from(navCategories)
    .where(eq(navCategories.active, true))
    .orderBy(asc(navCategories.position), asc(navCategories.id));
}

export async function findNavCategoryBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select()
    .from(navCategories)
    .where(and(eq(navCategories.slug, slug), eq(navCategories.active, true)))
    .limit(1);
  return row;
}

export function listSlides(db: DbOrTx, kind: 'home' | 'banner') {
  return db
    .select()
    .from(slides)
    .where(and(eq(slides.kind, kind), eq(slides.active, true)))
    .orderBy(asc(slides.position), asc(slides.id));
}

export function listBonusInfos(db: DbOrTx) {
  return db
    .select()
    .from(bonusInfos)
    .where(eq(bonusInfos.active, true))
    .orderBy(asc(bonusInfos.position), asc(bonusInfos.id));
}

export function listArticlesByRoute(db: DbOrTx, routePath: string) {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.routePath, routePath), eq(articles.active, true)))
    .orderBy(asc(articles.position), asc(articles.id));
}

export async function findArticleById(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.active, true)))
    .limit(1);
  return row;
}

/** The popup shown now: the most recently updated active one. */
export async function findActiveInfoPopup(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(infoPopups)
    .where(eq(infoPopups.active, true))
    .orderBy(desc(infoPopups.updatedAt), desc(infoPopups.id))
    .limit(1);
  return row;
}

/** Puts a new announcement up: the ones shown before stop being active, the new one is shown from now on. */
export async function replaceActiveInfoPopup(
  db: DbOrTx,
  values: Omit<typeof infoPopups.$inferInsert, 'id'>,
  /** Runs in the same transaction (the staff audit row). */
  alongside?: (tx: DbOrTx, id: number) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    await tx.update(infoPopups).set({ active: false }).where(eq(infoPopups.active, true));
    const [row] = await tx
      .insert(infoPopups)
      .values({ ...values, active: true, updatedAt: new Date() })
      .returning({ id: infoPopups.id });
    if (!row) throw new Error('The announcement was not stored');
    await alongside?.(tx, row.id);
    return row.id;
  });
}

/** The number every change of public content raises (0 before the first). */
export async function readContentVersion(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}
