import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bonusCampaigns } from './bonuses';
import type { LocalizedText } from './content';

/**
 * The bonus info block's entries (SPEC.md §2 "Bonus info block", §3 "Bonus info"): artwork per device, and per locale
 * the title shown on the picture and the full terms (operator HTML, sanitized by the web before rendering).
 */
export const bonusInfos = pgTable('bonus_infos', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  imageMobile: text(),
  imageTablet: text(),
  imageDesktop: text(),
  imageTitle: jsonb().$type<LocalizedText>().notNull(),
  fullDescription: jsonb().$type<LocalizedText>().notNull(),
  /** Leaves out the Get bonus link inside the terms for signed-in players; visitors still get the register link. */
  omitGetBonusButton: boolean().notNull().default(false),
  /** The campaign this entry offers: its terms are what the player reads (one source of terms). */
  campaignSlug: text().references(() => bonusCampaigns.slug, { onDelete: 'restrict', onUpdate: 'cascade' }),
  position: integer().notNull().default(0),
  active: boolean().notNull().default(true),
});
