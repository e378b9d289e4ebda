ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_kind_known";--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "campaign_slug" text;--> statement-breakpoint
ALTER TABLE "bonus_campaigns" ADD COLUMN "weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_campaigns" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_campaigns" ADD COLUMN "payout" text DEFAULT 'bonus' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_infos" ADD COLUMN "campaign_slug" text;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_campaign_slug_bonus_campaigns_slug_fk" FOREIGN KEY ("campaign_slug") REFERENCES "public"."bonus_campaigns"("slug") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bonus_infos" ADD CONSTRAINT "bonus_infos_campaign_slug_bonus_campaigns_slug_fk" FOREIGN KEY ("campaign_slug") REFERENCES "public"."bonus_campaigns"("slug") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_kind_known" CHECK ("ledger_transfers"."kind" in ('deposit', 'withdrawal_request', 'withdrawal_paid', 'withdrawal_rejected', 'casino_bet', 'casino_win', 'casino_rollback', 'bonus_grant', 'bonus_conversion', 'bonus_forfeit', 'cashback', 'sports_stake', 'sports_payout', 'sports_void', 'sports_reversal', 'manual_adjustment'));--> statement-breakpoint
-- Slides and bonus infos show their campaign's terms: their cached answers follow the campaigns too.
CREATE TRIGGER bonus_campaigns_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bonus_campaigns"
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed('campaigns');
