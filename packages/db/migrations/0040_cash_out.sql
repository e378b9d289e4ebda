CREATE TABLE "bet_cash_out_targets" (
	"bet_id" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"target" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_cash_out_targets_positive" CHECK ("bet_cash_out_targets"."target" > 0)
);
--> statement-breakpoint
CREATE TABLE "bet_cash_outs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"stake" bigint NOT NULL,
	"stake_main" bigint NOT NULL,
	"stake_bonus" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"price" bigint NOT NULL,
	"seen_price" bigint,
	"auto" boolean DEFAULT false NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_cash_outs_positive" CHECK ("bet_cash_outs"."stake" > 0 and "bet_cash_outs"."amount" > 0),
	CONSTRAINT "bet_cash_outs_shares_add_up" CHECK ("bet_cash_outs"."stake_main" >= 0 and "bet_cash_outs"."stake_bonus" >= 0 and "bet_cash_outs"."stake_main" + "bet_cash_outs"."stake_bonus" = "bet_cash_outs"."stake")
);
--> statement-breakpoint
CREATE TABLE "cash_out_match_blocks" (
	"match_id" bigint PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_out_settings" (
	"sport_id" integer PRIMARY KEY NOT NULL,
	"margin_bp" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"counts_wagering" boolean DEFAULT false NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_out_settings_margin_range" CHECK ("cash_out_settings"."margin_bp" >= 0 and "cash_out_settings"."margin_bp" <= 5000)
);
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_kind_known";--> statement-breakpoint
ALTER TABLE "bet_cash_out_targets" ADD CONSTRAINT "bet_cash_out_targets_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_cash_out_targets" ADD CONSTRAINT "bet_cash_out_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_cash_outs" ADD CONSTRAINT "bet_cash_outs_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_cash_outs" ADD CONSTRAINT "bet_cash_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_out_match_blocks" ADD CONSTRAINT "cash_out_match_blocks_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_out_match_blocks" ADD CONSTRAINT "cash_out_match_blocks_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_out_settings" ADD CONSTRAINT "cash_out_settings_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_out_settings" ADD CONSTRAINT "cash_out_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_cash_out_targets_user_idx" ON "bet_cash_out_targets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bet_cash_outs_bet_seq_idx" ON "bet_cash_outs" USING btree ("bet_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bet_cash_outs_key_idx" ON "bet_cash_outs" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_kind_known" CHECK ("ledger_transfers"."kind" in ('deposit', 'withdrawal_request', 'withdrawal_paid', 'withdrawal_rejected', 'casino_bet', 'casino_win', 'casino_rollback', 'bonus_grant', 'bonus_conversion', 'bonus_forfeit', 'cashback', 'sports_stake', 'sports_payout', 'sports_void', 'sports_reversal', 'sports_cash_out', 'manual_adjustment'));