CREATE TABLE "harm_flags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"rule" text NOT NULL,
	"window_key" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" bigint
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"reason" text,
	"reviewed_by" bigint,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_protection" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_restrictions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"duration" text,
	"reason" text,
	"note" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"return_requested_at" timestamp with time zone,
	"returns_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_reality_checks" (
	"session_id" bigint PRIMARY KEY NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_limits" RENAME TO "player_limits";--> statement-breakpoint
ALTER TABLE "player_limits" DROP CONSTRAINT "deposit_limits_amount_positive";--> statement-breakpoint
ALTER TABLE "player_limits" DROP CONSTRAINT "deposit_limits_pending_positive";--> statement-breakpoint
ALTER TABLE "player_limits" DROP CONSTRAINT "deposit_limits_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "player_limits" DROP CONSTRAINT "deposit_limits_user_id_period_pk";--> statement-breakpoint
ALTER TABLE "player_limits" ADD COLUMN "kind" text DEFAULT 'deposit' NOT NULL;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period");--> statement-breakpoint
ALTER TABLE "harm_flags" ADD CONSTRAINT "harm_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harm_flags" ADD CONSTRAINT "harm_flags_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_protection" ADD CONSTRAINT "player_protection_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_restrictions" ADD CONSTRAINT "player_restrictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reality_checks" ADD CONSTRAINT "session_reality_checks_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "harm_flags_rule_window_idx" ON "harm_flags" USING btree ("user_id","rule","window_key");--> statement-breakpoint
CREATE INDEX "harm_flags_flagged_idx" ON "harm_flags" USING btree ("flagged_at");--> statement-breakpoint
CREATE INDEX "kyc_documents_user_idx" ON "kyc_documents" USING btree ("user_id","type","uploaded_at");--> statement-breakpoint
CREATE INDEX "kyc_documents_status_idx" ON "kyc_documents" USING btree ("status","uploaded_at");--> statement-breakpoint
CREATE INDEX "player_restrictions_user_idx" ON "player_restrictions" USING btree ("user_id","starts_at");--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_amount_positive" CHECK ("player_limits"."amount" is null or "player_limits"."amount" > 0);--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_pending_positive" CHECK ("player_limits"."pending_amount" is null or "player_limits"."pending_amount" > 0);