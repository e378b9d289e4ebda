CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"route_path" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "html_snippets" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot" text NOT NULL,
	"html" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_popups" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" jsonb NOT NULL,
	"button_text" jsonb NOT NULL,
	"close_button_text" jsonb NOT NULL,
	"href_on_close_button" text NOT NULL,
	"href_on_main_button" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locales" (
	"code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image_path" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_path" text NOT NULL,
	"head_game_slug" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "nav_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "page_metadata" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_path" text NOT NULL,
	"title" jsonb NOT NULL,
	"keywords" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text,
	"json_ld" jsonb,
	"custom_meta_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"robots_index" boolean DEFAULT true NOT NULL,
	"robots_follow" boolean DEFAULT true NOT NULL,
	CONSTRAINT "page_metadata_routePath_unique" UNIQUE("route_path")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_name" text NOT NULL,
	"default_domain" text NOT NULL,
	"fb_app_id" text,
	"theme_color" text NOT NULL,
	"background_color" text NOT NULL,
	"apple_icons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"favicons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ms_tile_color" text NOT NULL,
	"ms_tile_image" text NOT NULL,
	"manifest_icons" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"image_mobile" text,
	"image_tablet" text,
	"image_desktop" text,
	"body" jsonb NOT NULL,
	"button_text" jsonb NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"locale" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_locale_key_pk" PRIMARY KEY("locale","key")
);
--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_locale_locales_code_fk" FOREIGN KEY ("locale") REFERENCES "public"."locales"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_route_path_idx" ON "articles" USING btree ("route_path");--> statement-breakpoint
CREATE UNIQUE INDEX "slides_kind_slug_idx" ON "slides" USING btree ("kind","slug");