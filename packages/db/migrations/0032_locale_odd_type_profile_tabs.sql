ALTER TABLE "locales" ADD COLUMN "odd_type" text DEFAULT 'decimal' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden_profile_tabs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "locales" ADD CONSTRAINT "locales_odd_type_known" CHECK ("locales"."odd_type" in ('decimal', 'fractional', 'american', 'hongKong', 'indonesian', 'malay'));