CREATE TABLE "shared_table_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"bets" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"wallet_round_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_table_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"number" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"status" text DEFAULT 'betting' NOT NULL,
	"betting_closes_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone NOT NULL,
	"next_round_at" timestamp with time zone NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "engine_config" text;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "actions" jsonb;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "pending_action" jsonb;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "action_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "last_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "defaulted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shared_table_bets" ADD CONSTRAINT "shared_table_bets_round_id_shared_table_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."shared_table_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_table_bets" ADD CONSTRAINT "shared_table_bets_session_id_originals_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."originals_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_table_rounds" ADD CONSTRAINT "shared_table_rounds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shared_table_bets_slip_idx" ON "shared_table_bets" USING btree ("round_id","session_id");--> statement-breakpoint
CREATE INDEX "shared_table_bets_unsettled_idx" ON "shared_table_bets" USING btree ("next_attempt_at") WHERE "shared_table_bets"."status" in ('placed', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "shared_table_rounds_number_idx" ON "shared_table_rounds" USING btree ("game_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "originals_rounds_open_table_idx" ON "originals_rounds" USING btree ("session_id") WHERE "originals_rounds"."actions" is not null and "originals_rounds"."status" in ('placed', 'open');--> statement-breakpoint
CREATE INDEX "originals_rounds_open_idx" ON "originals_rounds" USING btree ("last_action_at") WHERE "originals_rounds"."status" = 'open';