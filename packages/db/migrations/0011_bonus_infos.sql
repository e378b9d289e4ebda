CREATE TABLE "bonus_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"image_mobile" text,
	"image_tablet" text,
	"image_desktop" text,
	"image_title" jsonb NOT NULL,
	"full_description" jsonb NOT NULL,
	"omit_get_bonus_button" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bonus_infos_slug_unique" UNIQUE("slug")
);
