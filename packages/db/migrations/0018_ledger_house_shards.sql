DROP INDEX "ledger_accounts_house_idx";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_idx" ON "ledger_accounts" USING btree ("kind","currency","shard") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard_range" CHECK ("ledger_accounts"."shard" >= 0 and "ledger_accounts"."shard" < 16 and ("ledger_accounts"."user_id" is null or "ledger_accounts"."shard" = 0));