ALTER TABLE "withdrawals" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "shortfall" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "withheld" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bets_shortfall_idx" ON "bets" USING btree ("user_id") WHERE "bets"."shortfall" > 0;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_shortfall_not_negative" CHECK ("bets"."shortfall" >= 0 and "bets"."withheld" >= 0);--> statement-breakpoint
-- Shortfalls recorded before this rule were never paid back (a later payout of the bet paid in full): all are owed.
UPDATE "bets" SET "shortfall" = "owed"."total"
  FROM (SELECT "bet_id", sum("shortfall") AS "total" FROM "bet_resettlements" GROUP BY "bet_id") AS "owed"
  WHERE "bets"."id" = "owed"."bet_id" AND "owed"."total" > 0;--> statement-breakpoint
-- Their players' withdrawals not yet paid wait for review, as a new re-settlement would hold them.
UPDATE "withdrawals" SET "held_at" = now()
  WHERE "status" IN ('pending', 'approved')
    AND "user_id" IN (SELECT "user_id" FROM "bets" WHERE "shortfall" > 0);
