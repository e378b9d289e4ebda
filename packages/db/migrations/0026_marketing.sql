CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_upper" CHECK ("promo_codes"."code" = upper("promo_codes"."code")),
	CONSTRAINT "promo_codes_redemptions_within" CHECK ("promo_codes"."redemptions" >= 0 and ("promo_codes"."max_redemptions" is null or "promo_codes"."redemptions" <= "promo_codes"."max_redemptions"))
);
--> statement-breakpoint
ALTER TABLE "bonus_campaigns" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_campaigns" ADD COLUMN "currency_amounts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_campaigns" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_codes_campaign_idx" ON "promo_codes" USING btree ("campaign_id");--> statement-breakpoint
-- Bonuses offered before campaigns could be edited keep the terms their campaign has now (the snapshot rule).
UPDATE "user_bonuses" AS ub SET "terms" = jsonb_build_object(
	'kind', c."kind", 'template', c."template", 'amount', c."amount"::text, 'matchPercent', c."match_percent",
	'minDeposit', c."min_deposit"::text, 'items', c."items", 'freeSpins', c."free_spins",
	'freeSpinStake', c."free_spin_stake"::text, 'gameSlug', c."game_slug", 'wager', c."wager",
	'maxBet', c."max_bet"::text, 'validDays', c."valid_days", 'offerDays', c."offer_days",
	'contributions', c."contributions", 'sportsMinOddThousandths', c."sports_min_odd_thousandths")
FROM "bonus_campaigns" AS c WHERE c."id" = ub."campaign_id" AND ub."terms" IS NULL;
