CREATE TABLE "bet_resettlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"market_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"status_before" text NOT NULL,
	"payout_before" bigint NOT NULL,
	"reclaimed" bigint NOT NULL,
	"shortfall" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"ciphertext" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "settlement_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "trader_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "resulted_by" bigint;--> statement-breakpoint
ALTER TABLE "bet_resettlements" ADD CONSTRAINT "bet_resettlements_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_resettlements" ADD CONSTRAINT "bet_resettlements_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_resettlements" ADD CONSTRAINT "bet_resettlements_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_secrets" ADD CONSTRAINT "provider_secrets_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_secrets" ADD CONSTRAINT "provider_secrets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bet_resettlements_bet_version_idx" ON "bet_resettlements" USING btree ("bet_id","version");--> statement-breakpoint
CREATE INDEX "bet_resettlements_shortfall_idx" ON "bet_resettlements" USING btree ("created_at") WHERE "bet_resettlements"."shortfall" > 0;--> statement-breakpoint
CREATE INDEX "provider_secrets_provider_idx" ON "provider_secrets" USING btree ("provider_id","created_at");--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_resulted_by_users_id_fk" FOREIGN KEY ("resulted_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;