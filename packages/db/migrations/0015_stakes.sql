CREATE TABLE "stakes" (
	"source_key" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product" text NOT NULL,
	"currency" text NOT NULL,
	"game_type" text NOT NULL,
	"odd_thousandths" bigint,
	"amount" bigint NOT NULL,
	"main" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	"free_spin" bigint NOT NULL,
	"user_bonus_id" uuid,
	"stake_transfer_id" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "stakes_amount_positive" CHECK ("stakes"."amount" > 0),
	CONSTRAINT "stakes_shares_add_up" CHECK ("stakes"."main" >= 0 and "stakes"."bonus" >= 0 and "stakes"."free_spin" >= 0 and "stakes"."main" + "stakes"."bonus" + "stakes"."free_spin" = "stakes"."amount")
);
--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_user_bonus_id_user_bonuses_id_fk" FOREIGN KEY ("user_bonus_id") REFERENCES "public"."user_bonuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stakes_user_idx" ON "stakes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stakes_open_bonus_idx" ON "stakes" USING btree ("user_bonus_id") WHERE "stakes"."status" = 'open';--> statement-breakpoint
-- Stakes made before this table existed, so that what comes back on them follows their bonus like every later stake.
-- The bonus of a stake is the one that was active when it was made (at most one is active at a time).
INSERT INTO "stakes" ("source_key", "user_id", "product", "currency", "game_type", "odd_thousandths", "amount", "main", "bonus", "free_spin", "user_bonus_id", "stake_transfer_id", "status", "created_at", "settled_at")
SELECT 'sports:' || b."id", b."user_id", 'sports', b."currency", 'sports', b."total_odd_thousandths", b."stake",
  b."stake" - coalesce(s."bonus", 0), coalesce(s."bonus", 0), 0,
  (SELECT ub."id" FROM "user_bonuses" ub WHERE ub."user_id" = b."user_id" AND ub."accepted_at" IS NOT NULL
     AND ub."accepted_at" <= b."placed_at" AND (ub."finished_at" IS NULL OR ub."finished_at" > b."placed_at")
     ORDER BY ub."accepted_at" DESC LIMIT 1),
  t."id",
  CASE b."status" WHEN 'open' THEN 'open' WHEN 'void' THEN 'refunded' ELSE 'settled' END,
  b."placed_at", b."settled_at"
FROM "bets" b
JOIN "ledger_transfers" t ON t."idempotency_key" = 'bet:' || b."id"
LEFT JOIN LATERAL (
  SELECT sum(-e."amount") AS "bonus" FROM "ledger_entries" e JOIN "ledger_accounts" a ON a."id" = e."account_id"
  WHERE e."transfer_id" = t."id" AND a."kind" = 'bonus'
) s ON true;
--> statement-breakpoint
INSERT INTO "stakes" ("source_key", "user_id", "product", "currency", "game_type", "odd_thousandths", "amount", "main", "bonus", "free_spin", "user_bonus_id", "stake_transfer_id", "status", "created_at", "settled_at")
SELECT 'casino:' || p."provider" || ':' || p."transaction_id", p."user_id", 'casino', p."currency",
  CASE
    WHEN g."kind" = 'slot' THEN 'slots'
    WHEN g."kind" = 'table' THEN 'table'
    WHEN g."kind" = 'live' THEN 'live'
    WHEN g."kind" = 'originals' AND g."engine" = 'slot' THEN 'slots'
    WHEN g."kind" = 'originals' AND g."engine" IN ('dice', 'plinko') THEN g."engine"
    ELSE 'other'
  END,
  NULL, p."amount",
  p."amount" - coalesce((p."legs" ->> 'bonus')::bigint, 0) - coalesce((p."legs" ->> 'freeSpin')::bigint, 0),
  coalesce((p."legs" ->> 'bonus')::bigint, 0), coalesce((p."legs" ->> 'freeSpin')::bigint, 0),
  (SELECT ub."id" FROM "user_bonuses" ub WHERE ub."user_id" = p."user_id" AND ub."accepted_at" IS NOT NULL
     AND ub."accepted_at" <= p."created_at" AND (ub."finished_at" IS NULL OR ub."finished_at" > p."created_at")
     ORDER BY ub."accepted_at" DESC LIMIT 1),
  p."ledger_transfer_id",
  CASE
    WHEN EXISTS (SELECT 1 FROM "provider_transactions" r WHERE r."provider" = p."provider" AND r."type" = 'rollback'
      AND r."reference_transaction_id" = p."transaction_id") THEN 'refunded'
    WHEN EXISTS (SELECT 1 FROM "provider_transactions" w WHERE w."provider" = p."provider" AND w."type" = 'win'
      AND w."round_id" = p."round_id" AND w."user_id" = p."user_id") THEN 'settled'
    ELSE 'open'
  END,
  p."created_at", NULL
FROM "provider_transactions" p
LEFT JOIN "games" g ON g."id" = p."game_id"
WHERE p."type" = 'bet' AND p."status" = 'ok' AND p."ledger_transfer_id" IS NOT NULL AND p."amount" > 0;
--> statement-breakpoint
-- Bonus money exists only while its bonus is being wagered. Money that earlier code returned to a bonus balance after
-- its bonus had ended goes back to the house bonus pool (it would otherwise have converted with the next bonus).
DO $$
DECLARE
  orphan record;
  pool_id bigint;
  pool_balance bigint;
  sweep_id bigint;
BEGIN
  FOR orphan IN
    SELECT a."id", a."user_id", a."currency", a."balance" FROM "ledger_accounts" a
    WHERE a."kind" = 'bonus' AND a."user_id" IS NOT NULL AND a."balance" > 0
      AND NOT EXISTS (SELECT 1 FROM "user_bonuses" ub WHERE ub."user_id" = a."user_id" AND ub."status" = 'active')
    ORDER BY a."id"
  LOOP
    INSERT INTO "ledger_accounts" ("user_id", "kind", "currency", "allow_negative")
      VALUES (NULL, 'bonus_pool', orphan."currency", true)
      ON CONFLICT ("kind", "currency") WHERE "user_id" IS NULL DO NOTHING;
    SELECT "id", "balance" INTO pool_id, pool_balance FROM "ledger_accounts"
      WHERE "user_id" IS NULL AND "kind" = 'bonus_pool' AND "currency" = orphan."currency" FOR UPDATE;
    INSERT INTO "ledger_transfers" ("idempotency_key", "request_hash", "kind", "currency", "metadata")
      VALUES ('bonus:orphan-sweep:' || orphan."id", 'migration:0013_stakes', 'bonus_forfeit', orphan."currency",
        jsonb_build_object('userId', orphan."user_id", 'reason', 'bonus money without an active bonus'))
      RETURNING "id" INTO sweep_id;
    INSERT INTO "ledger_entries" ("transfer_id", "account_id", "amount", "balance_after") VALUES
      (sweep_id, orphan."id", -orphan."balance", 0),
      (sweep_id, pool_id, orphan."balance", pool_balance + orphan."balance");
    UPDATE "ledger_accounts" SET "balance" = 0 WHERE "id" = orphan."id";
    UPDATE "ledger_accounts" SET "balance" = pool_balance + orphan."balance" WHERE "id" = pool_id;
  END LOOP;
END $$;
