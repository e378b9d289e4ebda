CREATE TABLE "category_games" (
	"category_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_games_category_id_game_id_pk" PRIMARY KEY("category_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"breakpoint" integer NOT NULL,
	"size_filter" text NOT NULL,
	"aspect_ratio" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"image_path" text NOT NULL,
	"image_path_webp" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_launches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" bigint,
	"game_id" integer NOT NULL,
	"mode" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "game_launches_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"search_text" text GENERATED ALWAYS AS (casino_title_search_text(title)) STORED,
	"provider_id" integer NOT NULL,
	"kind" text NOT NULL,
	"engine" text NOT NULL,
	"demo_mode_enabled" boolean DEFAULT false NOT NULL,
	"requires_deposit" boolean DEFAULT false NOT NULL,
	"rtp" integer NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "originals_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"engine" text NOT NULL,
	"mode" text NOT NULL,
	"params" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"bet" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "originals_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"session_id" bigint,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "originals_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" bigint,
	"player_id" text,
	"game_id" integer NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"demo_balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "originals_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"type" text NOT NULL,
	"reference_transaction_id" text,
	"round_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"game_id" integer,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"ledger_transfer_id" bigint,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"legs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"image_path" text,
	"secondary_image_path" text,
	"image_width" integer,
	"image_height" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "providers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "recent_plays" (
	"user_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_plays_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "category_games" ADD CONSTRAINT "category_games_category_id_nav_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."nav_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_games" ADD CONSTRAINT "category_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_images" ADD CONSTRAINT "game_images_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_launches" ADD CONSTRAINT "game_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_launches" ADD CONSTRAINT "game_launches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD CONSTRAINT "originals_rounds_session_id_originals_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."originals_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD CONSTRAINT "originals_rounds_seed_id_originals_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."originals_seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "originals_seeds" ADD CONSTRAINT "originals_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "originals_seeds" ADD CONSTRAINT "originals_seeds_session_id_originals_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."originals_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "originals_sessions" ADD CONSTRAINT "originals_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "originals_sessions" ADD CONSTRAINT "originals_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_plays" ADD CONSTRAINT "recent_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_plays" ADD CONSTRAINT "recent_plays_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_games_order_idx" ON "category_games" USING btree ("category_id","position","game_id");--> statement-breakpoint
CREATE INDEX "category_games_game_idx" ON "category_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "favourites_user_idx" ON "favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_images_rendition_idx" ON "game_images" USING btree ("game_id","size_filter","aspect_ratio","breakpoint");--> statement-breakpoint
CREATE INDEX "game_launches_expires_idx" ON "game_launches" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "games_provider_idx" ON "games" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "games_popularity_idx" ON "games" USING btree ("popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "games_released_idx" ON "games" USING btree ("released_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "games_search_text_trgm_idx" ON "games" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "originals_rounds_seed_nonce_idx" ON "originals_rounds" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "originals_rounds_session_idx" ON "originals_rounds" USING btree ("session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "originals_seeds_active_user_idx" ON "originals_seeds" USING btree ("user_id") WHERE "originals_seeds"."revealed_at" is null and "originals_seeds"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "originals_seeds_active_session_idx" ON "originals_seeds" USING btree ("session_id") WHERE "originals_seeds"."revealed_at" is null and "originals_seeds"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "originals_seeds_hash_idx" ON "originals_seeds" USING btree ("server_seed_hash");--> statement-breakpoint
CREATE INDEX "originals_sessions_expires_idx" ON "originals_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transactions_id_idx" ON "provider_transactions" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "provider_transactions_reference_idx" ON "provider_transactions" USING btree ("provider","reference_transaction_id") WHERE "provider_transactions"."reference_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "provider_transactions_user_idx" ON "provider_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recent_plays_user_idx" ON "recent_plays" USING btree ("user_id","played_at");