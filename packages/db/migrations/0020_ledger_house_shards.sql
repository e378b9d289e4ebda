DROP INDEX "ledger_accounts_house_idx";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_idx" ON "ledger_accounts" USING btree ("kind","currency","shard") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard_range" CHECK ("ledger_accounts"."shard" >= 0 and "ledger_accounts"."shard" < 16 and ("ledger_accounts"."user_id" is null or "ledger_accounts"."shard" = 0));--> statement-breakpoint
-- One transfer in one statement (one round trip): the idempotency key looked up (a replay answers the stored entries,
-- a key reused for another request answers 'conflict'), the accounts found or created (house legs on the sub-account
-- the caller chose), locked players first then house, each in id order (the one lock order every transfer takes),
-- the players' balances checked ('insufficient' answers the first short account; nothing is written), then the key
-- claimed, the balances updated and the entries written. The database's own guards stay: CHECKs on balances, the
-- unique key, the deferred balanced-transfer trigger, append-only entries.
CREATE FUNCTION ledger_transfer(
  p_key text, p_hash text, p_kind text, p_currency text, p_metadata jsonb,
  p_users bigint[], p_kinds text[], p_shards integer[], p_amounts bigint[]
) RETURNS TABLE (
  outcome text, transfer_id bigint, request_hash text, account_id bigint, user_id bigint, amount bigint,
  balance_after bigint, xid text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_ids bigint[] := '{}';
  v_id bigint;
  v_transfer bigint;
  v_stored text;
  v_short record;
BEGIN
  SELECT t.id, t.request_hash INTO v_transfer, v_stored FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  IF v_transfer IS NULL THEN
    FOR i IN 1 .. coalesce(array_length(p_amounts, 1), 0) LOOP
      v_id := NULL;
      IF p_users[i] IS NULL THEN
        SELECT a.id INTO v_id FROM ledger_accounts a
          WHERE a.user_id IS NULL AND a.kind = p_kinds[i] AND a.currency = p_currency AND a.shard = p_shards[i];
        IF v_id IS NULL THEN
          INSERT INTO ledger_accounts AS a (user_id, kind, currency, allow_negative, shard)
            VALUES (NULL, p_kinds[i], p_currency, true, p_shards[i])
            ON CONFLICT (kind, currency, shard) WHERE user_id IS NULL DO NOTHING RETURNING a.id INTO v_id;
          IF v_id IS NULL THEN
            SELECT a.id INTO v_id FROM ledger_accounts a
              WHERE a.user_id IS NULL AND a.kind = p_kinds[i] AND a.currency = p_currency AND a.shard = p_shards[i];
          END IF;
        END IF;
      ELSE
        SELECT a.id INTO v_id FROM ledger_accounts a
          WHERE a.user_id = p_users[i] AND a.kind = p_kinds[i] AND a.currency = p_currency;
        IF v_id IS NULL THEN
          INSERT INTO ledger_accounts AS a (user_id, kind, currency, allow_negative)
            VALUES (p_users[i], p_kinds[i], p_currency, false)
            ON CONFLICT (user_id, kind, currency) WHERE user_id IS NOT NULL DO NOTHING RETURNING a.id INTO v_id;
          IF v_id IS NULL THEN
            SELECT a.id INTO v_id FROM ledger_accounts a
              WHERE a.user_id = p_users[i] AND a.kind = p_kinds[i] AND a.currency = p_currency;
          END IF;
        END IF;
      END IF;
      v_ids := v_ids || v_id;
    END LOOP;

    PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (v_ids) ORDER BY (a.user_id IS NULL), a.id FOR UPDATE;

    SELECT a.id, a.balance INTO v_short
      FROM ledger_accounts a JOIN unnest(v_ids, p_amounts) AS l(id, amount) ON l.id = a.id
      WHERE NOT a.allow_negative AND a.balance + l.amount < 0
      ORDER BY a.id LIMIT 1;
    IF v_short.id IS NOT NULL THEN
      RETURN QUERY SELECT 'insufficient'::text, NULL::bigint, NULL::text, v_short.id::bigint, NULL::bigint, NULL::bigint,
        v_short.balance::bigint, NULL::text;
      RETURN;
    END IF;

    INSERT INTO ledger_transfers (idempotency_key, request_hash, kind, currency, metadata)
      VALUES (p_key, p_hash, p_kind, p_currency, p_metadata)
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO v_transfer;
    IF v_transfer IS NOT NULL THEN
      RETURN QUERY
        WITH legs AS (SELECT l.id, l.amount FROM unnest(v_ids, p_amounts) AS l(id, amount)),
        updated AS (
          UPDATE ledger_accounts a SET balance = a.balance + legs.amount FROM legs WHERE a.id = legs.id
          RETURNING a.id, a.user_id, legs.amount, a.balance
        ),
        written AS (
          INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
            SELECT v_transfer, u.id, u.amount, u.balance FROM updated u ORDER BY (u.user_id IS NULL), u.id
            RETURNING ledger_entries.id, ledger_entries.account_id
        )
        SELECT 'applied'::text, v_transfer, p_hash, u.id, u.user_id, u.amount, u.balance, pg_current_xact_id()::text
          FROM updated u JOIN written w ON w.account_id = u.id ORDER BY w.id;
      RETURN;
    END IF;
    -- A duplicate committed while this one waited for the locks: answer it like any replay.
    SELECT t.request_hash INTO v_stored FROM ledger_transfers t WHERE t.idempotency_key = p_key;
    SELECT t.id INTO v_transfer FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  END IF;

  RETURN QUERY
    SELECT CASE WHEN v_stored = p_hash THEN 'replayed' ELSE 'conflict' END, v_transfer, v_stored, e.account_id,
      a.user_id, e.amount, e.balance_after, NULL::text
    FROM ledger_transfers t
      LEFT JOIN ledger_entries e ON e.transfer_id = t.id
      LEFT JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.id = v_transfer ORDER BY e.id;
END;
$$;
