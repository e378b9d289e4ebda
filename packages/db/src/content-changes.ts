/**
 * Public content that api instances keep in memory, by kind. The database announces every change itself: a
 * statement-level trigger on each table below NOTIFYs `CONTENT_CHANNEL` with the table's kind when the writing
 * transaction commits (migration 0017), whoever wrote (the seed, the back office, ops, psql). A new table that a
 * cached answer reads needs its own trigger line in a migration:
 *
 *   CREATE TRIGGER <table>_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "<table>"
 *     FOR EACH STATEMENT EXECUTE FUNCTION content_changed('<kind>');
 */
export const CONTENT_CHANNEL = 'content_changed';

export const CONTENT_TABLES = {
  locales: 'locales',
  translations: 'translations',
  nav_categories: 'categories',
  slides: 'slides',
  articles: 'articles',
  page_metadata: 'page-metadata',
  site_settings: 'site',
  html_snippets: 'snippets',
  info_popups: 'info-popup',
  bonus_infos: 'bonus-infos',
  // Slides and bonus infos show their campaign's terms, so their cached answers also follow the campaigns.
  bonus_campaigns: 'campaigns',
  providers: 'catalogue',
  games: 'catalogue',
  category_games: 'catalogue',
  game_images: 'catalogue',
} as const;

export type ContentKind = (typeof CONTENT_TABLES)[keyof typeof CONTENT_TABLES];

export const CONTENT_KINDS: readonly ContentKind[] = [...new Set(Object.values(CONTENT_TABLES))];

/** The kind a notification names, or null for a payload this code does not know (a newer instance's kind). */
export function contentKindOf(payload: string): ContentKind | null {
  return (CONTENT_KINDS as readonly string[]).includes(payload) ? (payload as ContentKind) : null;
}
