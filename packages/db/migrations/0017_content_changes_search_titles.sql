-- Each locale's title of a game folded as casino_normalize folds it (0006, 0008), stored: a search orders the titles
-- that start with the term first by reading it, instead of folding the title of every match on every request.
CREATE FUNCTION casino_normalize_titles(titles jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(jsonb_object_agg(key, casino_normalize(value)), '{}'::jsonb) FROM jsonb_each_text(titles) $$;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "search_titles" jsonb GENERATED ALWAYS AS (casino_normalize_titles(title)) STORED;
--> statement-breakpoint
-- Every api instance keeps public content (texts, navigation, sliders, the catalogue's pages...) in memory and drops
-- it when told on the 'content_changed' channel which kind of content changed. The database tells it itself: one
-- statement-level trigger per content table, so no writer (the seed, the back office, ops, psql, a restore) can
-- forget. NOTIFY inside a transaction is delivered when it commits and not at all when it rolls back, and the same
-- payload is sent once per transaction however many statements touched the table.
CREATE FUNCTION content_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locales_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locales"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('locales');
--> statement-breakpoint
CREATE TRIGGER translations_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "translations"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('translations');
--> statement-breakpoint
CREATE TRIGGER nav_categories_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "nav_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('categories');
--> statement-breakpoint
CREATE TRIGGER slides_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "slides"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('slides');
--> statement-breakpoint
CREATE TRIGGER articles_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "articles"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('articles');
--> statement-breakpoint
CREATE TRIGGER page_metadata_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "page_metadata"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('page-metadata');
--> statement-breakpoint
CREATE TRIGGER site_settings_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('site');
--> statement-breakpoint
CREATE TRIGGER html_snippets_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "html_snippets"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('snippets');
--> statement-breakpoint
CREATE TRIGGER info_popups_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "info_popups"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('info-popup');
--> statement-breakpoint
CREATE TRIGGER bonus_infos_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bonus_infos"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('bonus-infos');
--> statement-breakpoint
CREATE TRIGGER providers_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "providers"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('catalogue');
--> statement-breakpoint
CREATE TRIGGER games_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "games"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('catalogue');
--> statement-breakpoint
CREATE TRIGGER category_games_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_games"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('catalogue');
--> statement-breakpoint
CREATE TRIGGER game_images_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_images"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('catalogue');
