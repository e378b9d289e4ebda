import { count, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  articles,
  htmlSnippets,
  infoPopups,
  locales,
  navCategories,
  pageMetadata,
  siteSettings,
  slides,
} from '../schema/content';
import { seedBonusInfos } from './bonus-infos';
import { seedBonuses } from './bonuses';
import { seedCasino } from './casino';
import { demoArticles } from './content/articles';
import { demoCategories } from './content/categories';
import { demoLocales } from './content/locales';
import { demoPageMetadata } from './content/page-metadata';
import { demoSlides } from './content/slides';
import { demoHtmlSnippets, demoInfoPopup, demoSiteSettings } from './content/site';
import { readMessageCatalogues, writeMessages } from '../messages';
import { seedPaymentMethods } from './payment-methods';
import { writeSportsCatalogue } from '../sports-catalogue';

export {
  MESSAGES_DIR,
  flattenMessages,
  loadMessages,
  readMessageCatalogues,
  unflattenMessages,
  type FlatMessages,
  type MessageCatalogues,
} from '../messages';

/** Held for the seed's transaction, so api instances starting together on one database seed it once. */
const SEED_LOCK_KEY = 727_100_002;

/**
 * Fills an empty database with the demo content: locales, UI translations, navigation categories, slides, articles,
 * page metadata, site settings, HTML snippets and the info popup. "Empty" means no locales yet; any other database
 * is left untouched and `seeded` is false. Everything is written in one transaction, so a failure leaves nothing
 * half-seeded and the next start simply tries again.
 */
export async function seedDemo(db: Db): Promise<{ seeded: boolean }> {
  // Read the message files first: a missing catalogue fails before anything is written.
  const catalogues = await readMessageCatalogues();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ value: count() }).from(locales);
    if ((existing?.value ?? 0) > 0) return { seeded: false };

    await tx.insert(locales).values(demoLocales());
    await writeMessages(tx, catalogues);
    // Slides and bonus infos name their campaigns, so the campaigns come first.
    await seedBonuses(tx);
    await tx.insert(navCategories).values(demoCategories());
    await tx.insert(slides).values(demoSlides());
    await tx.insert(articles).values(demoArticles());
    await tx.insert(pageMetadata).values(demoPageMetadata());
    await tx.insert(siteSettings).values(demoSiteSettings());
    await tx.insert(htmlSnippets).values(demoHtmlSnippets());
    await tx.insert(infoPopups).values(demoInfoPopup());
    await seedPaymentMethods(tx);
    await writeSportsCatalogue(tx);
    await seedCasino(tx);
    await seedBonusInfos(tx);
    return { seeded: true };
  });
}
