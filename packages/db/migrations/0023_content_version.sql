CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "edited_at" timestamp with time zone;
--> statement-breakpoint
-- The web keeps api answers (texts, sliders, metadata...) in its own cache, keyed by this number: every change of
-- public content raises it in the writing transaction, so the web's next render after the commit asks the api again
-- (issue 11: a back-office edit shows on the site at once). The same trigger that NOTIFYs the api instances (0017)
-- raises it; a rolled-back change raises nothing.
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION content_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
  PERFORM pg_notify('content_changed', TG_ARGV[0]);
  RETURN NULL;
END
$$;
