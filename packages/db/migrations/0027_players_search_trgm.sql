-- The back office finds players by any part of their e-mail, username or phone (ILIKE '%...%'): trigram indexes
-- (pg_trgm, migration 0006) serve those patterns instead of a scan of every user.
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);