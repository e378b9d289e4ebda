import { asc, count, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import { pageWindow } from '@playhouse/shared';
import { containing } from '../../lib/like-pattern';

const { slides, articles, bonusInfos, pageMetadata, infoPopups } = schema;

export type SlideRow = typeof slides.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type BonusInfoRow = typeof bonusInfos.$inferSelect;
export type PageMetadataRow = typeof pageMetadata.$inferSelect;
export type InfoPopupRow = typeof infoPopups.$inferSelect;

/** The paging contract's part a query reads: which rows (pageWindow: a page, or the whole result for CSV), how sorted. */
export interface ListWindow<Sort extends string> {
  page: number;
  pageSize: number;
  format: 'json' | 'csv';
  sort?: Sort;
  dir: 'asc' | 'desc';
}

/** The order asked for, or the list's own (ascending, as the site shows it) when none is. */
function ordered<Sort extends string>(
  columns: Record<Sort, AnyColumn>,
  fallback: Sort,
  query: ListWindow<Sort>,
  tieBreak: AnyColumn,
): SQL[] {
  const column = columns[query.sort ?? fallback];
  const dir = query.sort ? query.dir : 'asc';
  return dir === 'asc' ? [asc(column), asc(tieBreak)] : [desc(column), desc(tieBreak)];
}

// Slides (home slides and banners) --------------------------------------------------------------------------------

const SLIDE_SORTS = { position: slides.position, slug: slides.slug, id: slides.id } as const;

export async function pageOfSlides(
  db: DbOrTx,
  query: ListWindow<keyof typeof SLIDE_SORTS> & { kind?: 'home' | 'banner'; q?: string },
) {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(slides.kind, query.kind));
  if (query.q) {
    const pattern = containing(query.q);
    filters.push(or(ilike(slides.slug, pattern), ilike(sql`${slides.body}::text`, pattern))!);
  }
  const where = filters.length > 0 ? sql.join(filters, sql` and `) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(slides)
      .where(where)
      .orderBy(...ordered(SLIDE_SORTS, 'position', query, slides.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db.select({ n: count() }).from(slides).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function lockSlide(db: DbOrTx, id: number): Promise<SlideRow | undefined> {
  const [row] = await db.select().from(slides).where(eq(slides.id, id)).for('update');
  return row;
}

export async function insertSlide(db: DbOrTx, values: typeof slides.$inferInsert): Promise<SlideRow> {
  const [row] = await db.insert(slides).values(values).returning();
  return row!;
}

export async function updateSlide(db: DbOrTx, id: number, values: Partial<typeof slides.$inferInsert>) {
  const [row] = await db.update(slides).set(values).where(eq(slides.id, id)).returning();
  return row!;
}

export async function deleteSlide(db: DbOrTx, id: number) {
  await db.delete(slides).where(eq(slides.id, id));
}

// Bonus infos ---------------------------------------------------------------------------------------------------------

const BONUS_INFO_SORTS = { position: bonusInfos.position, slug: bonusInfos.slug, id: bonusInfos.id } as const;

export async function pageOfBonusInfos(db: DbOrTx, query: ListWindow<keyof typeof BONUS_INFO_SORTS> & { q?: string }) {
  const pattern = query.q ? containing(query.q) : undefined;
  const where = pattern
    ? or(ilike(bonusInfos.slug, pattern), ilike(sql`${bonusInfos.imageTitle}::text`, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bonusInfos)
      .where(where)
      .orderBy(...ordered(BONUS_INFO_SORTS, 'position', query, bonusInfos.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db.select({ n: count() }).from(bonusInfos).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function lockBonusInfo(db: DbOrTx, id: number): Promise<BonusInfoRow | undefined> {
  const [row] = await db.select().from(bonusInfos).where(eq(bonusInfos.id, id)).for('update');
  return row;
}

export async function insertBonusInfo(db: DbOrTx, values: typeof bonusInfos.$inferInsert): Promise<BonusInfoRow> {
  const [row] = await db.insert(bonusInfos).values(values).returning();
  return row!;
}

export async function updateBonusInfo(db: DbOrTx, id: number, values: Partial<typeof bonusInfos.$inferInsert>) {
  const [row] = await db.update(bonusInfos).set(values).where(eq(bonusInfos.id, id)).returning();
  return row!;
}

export async function deleteBonusInfo(db: DbOrTx, id: number) {
  await db.delete(bonusInfos).where(eq(bonusInfos.id, id));
}

// Articles ------------------------------------------------------------------------------------------------------------

const ARTICLE_SORTS = {
  position: articles.position,
  slug: articles.slug,
  routePath: articles.routePath,
  id: articles.id,
} as const;

export async function pageOfArticles(db: DbOrTx, query: ListWindow<keyof typeof ARTICLE_SORTS> & { q?: string }) {
  const pattern = query.q ? containing(query.q) : undefined;
  const where = pattern
    ? or(
        ilike(articles.slug, pattern),
        ilike(articles.routePath, pattern),
        ilike(sql`${articles.title}::text`, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(...ordered(ARTICLE_SORTS, 'routePath', query, articles.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function lockArticle(db: DbOrTx, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).for('update');
  return row;
}

export async function insertArticle(db: DbOrTx, values: typeof articles.$inferInsert): Promise<ArticleRow> {
  const [row] = await db.insert(articles).values(values).returning();
  return row!;
}

export async function updateArticle(db: DbOrTx, id: number, values: Partial<typeof articles.$inferInsert>) {
  const [row] = await db.update(articles).set(values).where(eq(articles.id, id)).returning();
  return row!;
}

export async function deleteArticle(db: DbOrTx, id: number) {
  await db.delete(articles).where(eq(articles.id, id));
}

// Page metadata -------------------------------------------------------------------------------------------------------

const METADATA_SORTS = { routePath: pageMetadata.routePath, id: pageMetadata.id } as const;

export async function pageOfPageMetadata(db: DbOrTx, query: ListWindow<keyof typeof METADATA_SORTS> & { q?: string }) {
  const pattern = query.q ? containing(query.q) : undefined;
  const where = pattern
    ? or(ilike(pageMetadata.routePath, pattern), ilike(sql`${pageMetadata.title}::text`, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pageMetadata)
      .where(where)
      .orderBy(...ordered(METADATA_SORTS, 'routePath', query, pageMetadata.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db.select({ n: count() }).from(pageMetadata).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function lockPageMetadata(db: DbOrTx, id: number): Promise<PageMetadataRow | undefined> {
  const [row] = await db.select().from(pageMetadata).where(eq(pageMetadata.id, id)).for('update');
  return row;
}

export async function insertPageMetadata(
  db: DbOrTx,
  values: typeof pageMetadata.$inferInsert,
): Promise<PageMetadataRow> {
  const [row] = await db.insert(pageMetadata).values(values).returning();
  return row!;
}

export async function updatePageMetadata(db: DbOrTx, id: number, values: Partial<typeof pageMetadata.$inferInsert>) {
  const [row] = await db.update(pageMetadata).set(values).where(eq(pageMetadata.id, id)).returning();
  return row!;
}

export async function deletePageMetadata(db: DbOrTx, id: number) {
  await db.delete(pageMetadata).where(eq(pageMetadata.id, id));
}

// Info popups ---------------------------------------------------------------------------------------------------------

export async function pageOfInfoPopups(db: DbOrTx, query: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(infoPopups)
      .orderBy(desc(infoPopups.active), desc(infoPopups.updatedAt), desc(infoPopups.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(infoPopups),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Takes the shown announcement down; answers the rows it took down (none when nothing was shown). */
export function deactivateInfoPopups(db: DbOrTx) {
  return db
    .update(infoPopups)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(infoPopups.active, true))
    .returning();
}
