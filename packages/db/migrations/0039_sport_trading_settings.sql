CREATE TABLE "sport_trading_settings" (
	"sport_id" integer PRIMARY KEY NOT NULL,
	"bet_delay_ms" integer NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_trading_settings_bet_delay" CHECK ("sport_trading_settings"."bet_delay_ms" between 0 and 30000)
);
--> statement-breakpoint
ALTER TABLE "sport_trading_settings" ADD CONSTRAINT "sport_trading_settings_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_trading_settings" ADD CONSTRAINT "sport_trading_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;