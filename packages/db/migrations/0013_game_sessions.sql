CREATE TABLE "game_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"provider" text NOT NULL,
	"user_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"player_session_id" bigint,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "game_launches" ADD COLUMN "player_session_id" bigint;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_win_multiplier" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "status" text DEFAULT 'settled' NOT NULL;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "wallet_round_id" text;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "originals_sessions" ADD COLUMN "wallet_session_id" text;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD COLUMN "game_session_id" bigint;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_player_session_id_sessions_id_fk" FOREIGN KEY ("player_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_sessions_user_idx" ON "game_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "game_sessions_player_session_idx" ON "game_sessions" USING btree ("player_session_id");--> statement-breakpoint
ALTER TABLE "game_launches" ADD CONSTRAINT "game_launches_player_session_id_sessions_id_fk" FOREIGN KEY ("player_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_game_session_id_game_sessions_id_fk" FOREIGN KEY ("game_session_id") REFERENCES "public"."game_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "originals_rounds_unsettled_idx" ON "originals_rounds" USING btree ("next_attempt_at") WHERE "originals_rounds"."status" in ('placed', 'accepted');--> statement-breakpoint
CREATE INDEX "provider_transactions_round_idx" ON "provider_transactions" USING btree ("provider","round_id");