-- Game search: trigram indexes (pg_trgm) over titles folded to lower case without accents (unaccent). Both
-- extensions are trusted, so the database owner may create them; PGlite loads them in createDb().
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes this wrapper safe to declare
-- IMMUTABLE, which a generated column and its index require.
CREATE FUNCTION casino_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
-- Every locale's title of a game, normalized and joined: a search in any language finds the game.
CREATE FUNCTION casino_title_search_text(titles jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT casino_normalize(coalesce(string_agg(value, ' | ' ORDER BY key), '')) FROM jsonb_each_text(titles) $$;
