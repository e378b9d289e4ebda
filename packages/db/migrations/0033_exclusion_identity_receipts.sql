CREATE TABLE "receipt_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"event_key" text NOT NULL,
	"event" text NOT NULL,
	"transfer_id" bigint,
	"key_id" text NOT NULL,
	"payload" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text GENERATED ALWAYS AS (case when split_part(lower(email), '@', 2) in ('gmail.com', 'googlemail.com') then replace(split_part(split_part(lower(email), '@', 1), '+', 1), '.', '') || '@gmail.com' else split_part(split_part(lower(email), '@', 1), '+', 1) || '@' || split_part(lower(email), '@', 2) end) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD COLUMN "full_name" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_key_id_receipt_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."receipt_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_keys_current_idx" ON "receipt_keys" USING btree ((true)) WHERE "receipt_keys"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_event_idx" ON "receipts" USING btree ("subject","event_key");--> statement-breakpoint
CREATE INDEX "receipts_user_subject_idx" ON "receipts" USING btree ("user_id","subject");--> statement-breakpoint
CREATE INDEX "users_email_key_idx" ON "users" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_name_key_dob_idx" ON "users" USING btree ("name_key","date_of_birth");