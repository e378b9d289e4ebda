CREATE TABLE "campaign_limits" (
	"currency" text PRIMARY KEY NOT NULL,
	"max_amount" bigint NOT NULL,
	"min_wager" integer NOT NULL,
	"max_cashout" bigint NOT NULL,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_limits_amounts" CHECK ("campaign_limits"."max_amount" >= 0 and "campaign_limits"."max_cashout" >= 0 and "campaign_limits"."min_wager" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bonus_campaigns" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_campaigns" ADD COLUMN "approved_by" bigint;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "approved_by" bigint;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD COLUMN "cashed_out" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_limits" ADD CONSTRAINT "campaign_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_campaigns" ADD CONSTRAINT "bonus_campaigns_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_approver_not_creator" CHECK ("promo_codes"."approved_by" <> "promo_codes"."created_by");--> statement-breakpoint
-- Campaigns and promo codes from before four eyes on marketing were live under the rules of their time: they stay so.
UPDATE "bonus_campaigns" SET "approved_at" = "created_at" WHERE "approved_at" IS NULL;--> statement-breakpoint
UPDATE "promo_codes" SET "approved_at" = "created_at" WHERE "approved_at" IS NULL;
