CREATE TABLE "bonus_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"template" text NOT NULL,
	"trigger" text NOT NULL,
	"amount" bigint,
	"match_percent" integer,
	"min_deposit" bigint,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_spins" integer,
	"free_spin_stake" bigint,
	"game_slug" text,
	"wager" integer NOT NULL,
	"max_bet" bigint,
	"valid_days" integer NOT NULL,
	"offer_days" integer NOT NULL,
	"contributions" jsonb NOT NULL,
	"sports_min_odd_thousandths" integer DEFAULT 1500 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_campaigns_slug_unique" UNIQUE("slug"),
	CONSTRAINT "bonus_campaigns_wager_positive" CHECK ("bonus_campaigns"."wager" >= 0),
	CONSTRAINT "bonus_campaigns_valid_days_positive" CHECK ("bonus_campaigns"."valid_days" > 0 and "bonus_campaigns"."offer_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "bonus_contributions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_bonus_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"game_type" text NOT NULL,
	"stake" bigint NOT NULL,
	"contribution" bigint NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_contributions_source_unique" UNIQUE("user_bonus_id","source_key")
);
--> statement-breakpoint
CREATE TABLE "user_bonuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"campaign_id" integer NOT NULL,
	"trigger_ref" text NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint,
	"picked_amount" bigint,
	"wager_required" bigint DEFAULT 0 NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"free_spins_left" integer,
	"offer_expires_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_bonuses_trigger_unique" UNIQUE("user_id","campaign_id","trigger_ref")
);
--> statement-breakpoint
ALTER TABLE "bonus_contributions" ADD CONSTRAINT "bonus_contributions_user_bonus_id_user_bonuses_id_fk" FOREIGN KEY ("user_bonus_id") REFERENCES "public"."user_bonuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD CONSTRAINT "user_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD CONSTRAINT "user_bonuses_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_bonuses_one_active_idx" ON "user_bonuses" USING btree ("user_id") WHERE "user_bonuses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "user_bonuses_user_idx" ON "user_bonuses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_bonuses_expiry_idx" ON "user_bonuses" USING btree ("status","expires_at");