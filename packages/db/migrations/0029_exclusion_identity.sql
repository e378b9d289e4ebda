ALTER TABLE "users" ADD COLUMN "full_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text GENERATED ALWAYS AS (case when split_part(lower(email), '@', 2) in ('gmail.com', 'googlemail.com') then replace(split_part(split_part(lower(email), '@', 1), '+', 1), '.', '') || '@gmail.com' else split_part(split_part(lower(email), '@', 1), '+', 1) || '@' || split_part(lower(email), '@', 2) end) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD COLUMN "full_name" text;--> statement-breakpoint
CREATE INDEX "users_email_key_idx" ON "users" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_name_key_dob_idx" ON "users" USING btree ("name_key","date_of_birth");