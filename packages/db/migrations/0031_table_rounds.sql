ALTER TABLE "games" ADD COLUMN "engine_config" text;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "actions" jsonb;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "pending_action" jsonb;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "action_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "last_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "defaulted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "originals_rounds_open_table_idx" ON "originals_rounds" USING btree ("session_id") WHERE "originals_rounds"."actions" is not null and "originals_rounds"."status" in ('placed', 'open');--> statement-breakpoint
CREATE INDEX "originals_rounds_open_idx" ON "originals_rounds" USING btree ("last_action_at") WHERE "originals_rounds"."status" = 'open';