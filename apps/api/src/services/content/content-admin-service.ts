import type { Db, DbOrTx, LocalizedText } from '@playhouse/db';
import {
  DEFAULT_METADATA_ROUTE,
  type StaffArticle,
  type StaffArticleBody,
  type StaffArticlesQuery,
  type StaffBonusInfo,
  type StaffBonusInfoBody,
  type StaffBonusInfosQuery,
  type StaffInfoPopupItem,
  type StaffPageMetadata,
  type StaffPageMetadataBody,
  type StaffPageMetadataQuery,
  type StaffSlide,
  type StaffSlideBody,
  type StaffSlidesQuery,
} from '@playhouse/shared';
import { AppError, NotFoundError, ValidationError, databaseErrorCode, errorClass } from '../../lib/errors';
import { normalizeRoutePath } from '../../lib/route-path';
import { recordAudit } from '../audit/audit-log';
import * as q from './content-admin-queries';
import { campaignExists } from '../bonuses/promotion-terms';
import type { ContentKind } from '../audit/audit-events';

/** Who acts, as the audit log records it. */
export interface ContentActor {
  id: number;
  ip: string | null;
}

/** A second item with the same unique name (slug, route path). */
export class ContentConflictError extends AppError {
  constructor(message: string, field: string) {
    super('content_conflict', message, 409, { [field]: message });
  }
}

/** The site default's page metadata is every page's fallback: it can be edited, never removed or renamed. */
export class DefaultMetadataRequiredError extends errorClass(
  'default_metadata_required',
  'The site default page metadata (*) cannot be removed or moved.',
  409,
) {}

/** A unique index refused the write (PostgreSQL 23505). */
const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';

const text = (value: LocalizedText): Record<string, string> =>
  Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => entry[1] !== undefined));

export function toStaffSlide(row: q.SlideRow): StaffSlide {
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    images: { mobile: row.imageMobile, tablet: row.imageTablet, desktop: row.imageDesktop },
    body: text(row.body),
    buttonText: text(row.buttonText),
    url: row.url,
    campaignSlug: row.campaignSlug,
    position: row.position,
    active: row.active,
  };
}

export function toStaffBonusInfo(row: q.BonusInfoRow): StaffBonusInfo {
  return {
    id: row.id,
    slug: row.slug,
    images: { mobile: row.imageMobile, tablet: row.imageTablet, desktop: row.imageDesktop },
    imageTitle: text(row.imageTitle),
    fullDescription: text(row.fullDescription),
    omitGetBonusButton: row.omitGetBonusButton,
    campaignSlug: row.campaignSlug,
    position: row.position,
    active: row.active,
  };
}

export function toStaffArticle(row: q.ArticleRow): StaffArticle {
  return {
    id: row.id,
    slug: row.slug,
    routePath: row.routePath,
    isMain: row.isMain,
    title: text(row.title),
    content: text(row.content),
    position: row.position,
    active: row.active,
  };
}

export function toStaffPageMetadata(row: q.PageMetadataRow): StaffPageMetadata {
  return {
    id: row.id,
    routePath: row.routePath,
    title: text(row.title),
    keywords: text(row.keywords),
    description: text(row.description),
    imageUrl: row.imageUrl,
    jsonLd: row.jsonLd ?? null,
    customMetaTags: row.customMetaTags,
    robotsIndex: row.robotsIndex,
    robotsFollow: row.robotsFollow,
  };
}

export function toStaffInfoPopup(row: q.InfoPopupRow): StaffInfoPopupItem {
  return {
    id: row.id,
    text: text(row.text),
    buttonText: text(row.buttonText),
    closeButtonText: text(row.closeButtonText),
    hrefOnMainButton: row.hrefOnMainButton,
    hrefOnCloseButton: row.hrefOnCloseButton,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const slideValues = (body: StaffSlideBody) => ({
  kind: body.kind,
  slug: body.slug,
  imageMobile: body.images.mobile,
  imageTablet: body.images.tablet,
  imageDesktop: body.images.desktop,
  body: body.body,
  buttonText: body.buttonText,
  url: body.url,
  ...(body.campaignSlug === undefined ? {} : { campaignSlug: body.campaignSlug }),
  position: body.position,
  active: body.active,
});

const bonusInfoValues = (body: StaffBonusInfoBody) => ({
  slug: body.slug,
  imageMobile: body.images.mobile,
  imageTablet: body.images.tablet,
  imageDesktop: body.images.desktop,
  imageTitle: body.imageTitle,
  fullDescription: body.fullDescription,
  omitGetBonusButton: body.omitGetBonusButton,
  ...(body.campaignSlug === undefined ? {} : { campaignSlug: body.campaignSlug }),
  position: body.position,
  active: body.active,
});

/** A promotion may only name a campaign that exists (400 naming the field, instead of the database's refusal). */
async function promotionCampaign(tx: DbOrTx, { campaignSlug: slug }: { campaignSlug?: string | null }): Promise<void> {
  if (slug === null || slug === undefined) return;
  if (!(await campaignExists(tx, slug))) throw new ValidationError({ campaignSlug: 'is not a campaign' });
}

const articleValues = (body: StaffArticleBody) => ({
  slug: body.slug,
  routePath: normalizeRoutePath(body.routePath),
  isMain: body.isMain,
  title: body.title,
  content: body.content,
  position: body.position,
  active: body.active,
});

const metadataValues = (body: StaffPageMetadataBody) => ({
  routePath: body.routePath === DEFAULT_METADATA_ROUTE ? body.routePath : normalizeRoutePath(body.routePath),
  title: body.title,
  keywords: body.keywords,
  description: body.description,
  imageUrl: body.imageUrl,
  jsonLd: body.jsonLd,
  customMetaTags: body.customMetaTags,
  robotsIndex: body.robotsIndex,
  robotsFollow: body.robotsFollow,
});

/**
 * One kind of content the back office edits: how its rows are locked, written and shown, and what its audit rows
 * are called. Every write locks the row, writes, and records the audit row (with before and after) in one
 * transaction; the database's content trigger then tells every api instance to drop what it kept.
 */
interface Editable<Row, Body, Item> {
  /** The audit events' middle part and the messages' noun: staff_content_<type>_<verb>. */
  type: ContentKind;
  uniqueField: string;
  lock: (tx: DbOrTx, id: number) => Promise<Row | undefined>;
  insert: (tx: DbOrTx, body: Body) => Promise<Row>;
  update: (tx: DbOrTx, id: number, body: Body) => Promise<Row>;
  remove: (tx: DbOrTx, id: number) => Promise<void>;
  show: (row: Row) => Item;
  /** Refuses a change this kind does not allow (before the write). */
  guard?: (before: Row | null, body: Body | null) => void;
  /** Checks a body against the database before it is written (inside the write's transaction). */
  check?: (tx: DbOrTx, body: Body) => Promise<void>;
}

function editor<Row, Body, Item extends { id: number } & Record<string, unknown>>(
  db: Db,
  kind: Editable<Row, Body, Item>,
) {
  const conflict = () =>
    new ContentConflictError(`Another ${kind.type.replace('_', ' ')} has this ${kind.uniqueField}.`, kind.uniqueField);

  async function write<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  }

  async function locked(tx: DbOrTx, id: number): Promise<Row> {
    const row = await kind.lock(tx, id);
    if (!row) throw new NotFoundError(`No ${kind.type.replace('_', ' ')} ${id}.`);
    return row;
  }

  return {
    async get(id: number): Promise<Item> {
      return kind.show(await locked(db, id));
    },

    create(actor: ContentActor, body: Body): Promise<Item> {
      kind.guard?.(null, body);
      return write(async (tx) => {
        await kind.check?.(tx, body);
        const after = kind.show(await kind.insert(tx, body));
        await recordAudit(tx, {
          event: `staff_content_${kind.type}_create`,
          actorId: actor.id,
          ip: actor.ip,
          metadata: { type: kind.type, id: after.id },
          after,
        });
        return after;
      });
    },

    update(actor: ContentActor, id: number, body: Body): Promise<Item> {
      return write(async (tx) => {
        const row = await locked(tx, id);
        kind.guard?.(row, body);
        const before = kind.show(row);
        await kind.check?.(tx, body);
        const after = kind.show(await kind.update(tx, id, body));
        await recordAudit(tx, {
          event: `staff_content_${kind.type}_update`,
          actorId: actor.id,
          ip: actor.ip,
          metadata: { type: kind.type, id },
          before,
          after,
        });
        return after;
      });
    },

    remove(actor: ContentActor, id: number): Promise<void> {
      return write(async (tx) => {
        const row = await locked(tx, id);
        kind.guard?.(row, null);
        await kind.remove(tx, id);
        await recordAudit(tx, {
          event: `staff_content_${kind.type}_delete`,
          actorId: actor.id,
          ip: actor.ip,
          metadata: { type: kind.type, id },
          before: kind.show(row),
        });
      });
    },
  };
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;

/**
 * The back office's side of the site's content: lists for the editors' tables, and audited writes. Reads go to the
 * database (staff need what is stored, not the public answer kept in memory).
 */
export function createContentAdminService({ db }: { db: Db }) {
  const slides = editor<q.SlideRow, StaffSlideBody, StaffSlide>(db, {
    type: 'slide',
    uniqueField: 'slug',
    lock: q.lockSlide,
    check: promotionCampaign,
    insert: (tx, body) => q.insertSlide(tx, slideValues(body)),
    update: (tx, id, body) => q.updateSlide(tx, id, slideValues(body)),
    remove: q.deleteSlide,
    show: toStaffSlide,
  });
  const bonusInfos = editor<q.BonusInfoRow, StaffBonusInfoBody, StaffBonusInfo>(db, {
    type: 'bonus_info',
    uniqueField: 'slug',
    lock: q.lockBonusInfo,
    check: promotionCampaign,
    insert: (tx, body) => q.insertBonusInfo(tx, bonusInfoValues(body)),
    update: (tx, id, body) => q.updateBonusInfo(tx, id, bonusInfoValues(body)),
    remove: q.deleteBonusInfo,
    show: toStaffBonusInfo,
  });
  const articles = editor<q.ArticleRow, StaffArticleBody, StaffArticle>(db, {
    type: 'article',
    uniqueField: 'slug',
    lock: q.lockArticle,
    insert: (tx, body) => q.insertArticle(tx, articleValues(body)),
    update: (tx, id, body) => q.updateArticle(tx, id, articleValues(body)),
    remove: q.deleteArticle,
    show: toStaffArticle,
  });
  const pageMetadata = editor<q.PageMetadataRow, StaffPageMetadataBody, StaffPageMetadata>(db, {
    type: 'page_metadata',
    uniqueField: 'routePath',
    lock: q.lockPageMetadata,
    insert: (tx, body) => q.insertPageMetadata(tx, metadataValues(body)),
    update: (tx, id, body) => q.updatePageMetadata(tx, id, metadataValues(body)),
    remove: q.deletePageMetadata,
    show: toStaffPageMetadata,
    guard: (before, body) => {
      if (before?.routePath === DEFAULT_METADATA_ROUTE && body?.routePath !== DEFAULT_METADATA_ROUTE) {
        throw new DefaultMetadataRequiredError();
      }
    },
  });

  const page =
    <Row, Item>(query: { page: number; pageSize: number }, show: (row: Row) => Item) =>
    (result: { rows: Row[]; total: number }) => ({
      items: result.rows.map(show),
      total: result.total,
      page: query.page,
      pageSize: query.pageSize,
    });

  return {
    slides: {
      ...slides,
      list: (query: StaffSlidesQuery) => q.pageOfSlides(db, query).then(page(query, toStaffSlide)),
    },
    bonusInfos: {
      ...bonusInfos,
      list: (query: StaffBonusInfosQuery) => q.pageOfBonusInfos(db, query).then(page(query, toStaffBonusInfo)),
    },
    articles: {
      ...articles,
      list: (query: StaffArticlesQuery) => q.pageOfArticles(db, query).then(page(query, toStaffArticle)),
    },
    pageMetadata: {
      ...pageMetadata,
      list: (query: StaffPageMetadataQuery) => q.pageOfPageMetadata(db, query).then(page(query, toStaffPageMetadata)),
    },
    infoPopups: {
      /** Every announcement, the one shown first, then the newest. */
      list: (query: { page: number; pageSize: number }) =>
        q.pageOfInfoPopups(db, query).then(page(query, toStaffInfoPopup)),

      /** Takes the shown announcement down (nothing shows until the next is published); audited with before. */
      withdraw(actor: ContentActor): Promise<{ withdrawn: number[] }> {
        return db.transaction(async (tx) => {
          const rows = await q.deactivateInfoPopups(tx);
          if (rows.length === 0) throw new NotFoundError('No announcement is shown.');
          await recordAudit(tx, {
            event: 'staff_content_info_popup_withdraw',
            actorId: actor.id,
            ip: actor.ip,
            metadata: { type: 'info_popup', ids: rows.map((row) => row.id) },
            before: { active: rows.map((row) => row.id) },
            after: { active: [] },
          });
          return { withdrawn: rows.map((row) => row.id) };
        });
      },
    },
  };
}
