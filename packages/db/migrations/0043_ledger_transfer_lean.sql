-- Less work inside a transfer (issue 23: wallet transfers at the database's pace). The same function, the same
-- answers, the same guards, in fewer statements:
-- * the idempotency key is claimed first, by the transfer row itself (INSERT ... ON CONFLICT DO NOTHING): a replay, or
--   a duplicate sent at the same time (it waits for this transaction's row), is told apart without a look-up first; a
--   transfer refused for funds removes its row again, so a refused key stays free;
-- * every leg's account is found in one statement (only a leg whose account does not exist yet takes the slower
--   path that creates it), then all are locked (players first, then house, each in id order: the one lock order every
--   transfer takes) and their balances checked in one more, as the locked rows arrive;
-- * the entries' sum is checked once per statement (a statement-level trigger over the entries it wrote) instead of
--   once per entry at commit: every transfer writes all its entries in one statement.
DROP TRIGGER ledger_entries_balanced ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION ledger_check_transfer_balanced();
--> statement-breakpoint
-- The transfers an INSERT wrote entries for must each sum to zero when the statement ends. Entries are never updated
-- or deleted (ledger_entries_no_update_delete), so an INSERT is the only way a sum changes.
CREATE FUNCTION ledger_check_transfers_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bad record;
BEGIN
  SELECT e.transfer_id, sum(e.amount) AS total INTO v_bad
    FROM ledger_entries e
    WHERE e.transfer_id IN (SELECT DISTINCT n.transfer_id FROM new_entries n)
    GROUP BY e.transfer_id
    HAVING sum(e.amount) <> 0
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transfer % does not balance (sum %)', v_bad.transfer_id, v_bad.total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_transfers_balanced();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_key text, p_hash text, p_kind text, p_currency text, p_metadata jsonb,
  p_users bigint[], p_kinds text[], p_shards integer[], p_amounts bigint[]
) RETURNS TABLE (
  outcome text, transfer_id bigint, request_hash text, account_id bigint, user_id bigint, amount bigint,
  balance_after bigint, xid text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_legs integer := coalesce(array_length(p_amounts, 1), 0);
  v_ids bigint[];
  v_found integer;
  v_transfer bigint;
  v_stored text;
  v_short_id bigint;
  v_short_balance bigint;
  v_row record;
BEGIN
  INSERT INTO ledger_transfers (idempotency_key, request_hash, kind, currency, metadata)
    VALUES (p_key, p_hash, p_kind, p_currency, p_metadata)
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO v_transfer;
  IF v_transfer IS NULL THEN
    -- The key was used before, or by a duplicate that committed while this one waited for its row: a replay.
    SELECT t.id, t.request_hash INTO v_transfer, v_stored FROM ledger_transfers t WHERE t.idempotency_key = p_key;
    RETURN QUERY
      SELECT CASE WHEN v_stored = p_hash THEN 'replayed' ELSE 'conflict' END, v_transfer, v_stored, e.account_id,
        a.user_id, e.amount, e.balance_after, NULL::text
      FROM ledger_transfers t
        LEFT JOIN ledger_entries e ON e.transfer_id = t.id
        LEFT JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.id = v_transfer ORDER BY e.id;
    RETURN;
  END IF;

  FOR attempt IN 1 .. 2 LOOP
    -- Each leg's account in one statement: a player's by owner, kind and currency, a house sub-account by kind,
    -- currency and shard (each branch reads its own partial unique index); NULL where it does not exist yet.
    SELECT array_agg(found.id ORDER BY l.ord), count(found.id) INTO v_ids, v_found
      FROM unnest(p_users, p_kinds, p_shards) WITH ORDINALITY AS l(owner, kind, shard, ord)
      LEFT JOIN LATERAL (
        SELECT x.id FROM ledger_accounts x
          WHERE l.owner IS NOT NULL AND x.user_id = l.owner AND x.kind = l.kind AND x.currency = p_currency
        UNION ALL
        SELECT x.id FROM ledger_accounts x
          WHERE l.owner IS NULL AND x.user_id IS NULL AND x.kind = l.kind AND x.currency = p_currency
            AND x.shard = l.shard
      ) AS found ON true;
    EXIT WHEN v_found = v_legs;
    IF attempt = 2 THEN
      RAISE EXCEPTION 'ledger_transfer: % of % accounts found', v_found, v_legs;
    END IF;
    -- A leg whose account does not exist yet: created (or left, when another transfer created it meanwhile), then
    -- every leg is looked for again.
    FOR i IN 1 .. v_legs LOOP
      CONTINUE WHEN v_ids[i] IS NOT NULL;
      IF p_users[i] IS NULL THEN
        INSERT INTO ledger_accounts AS a (user_id, kind, currency, allow_negative, shard)
          VALUES (NULL, p_kinds[i], p_currency, true, p_shards[i])
          ON CONFLICT (kind, currency, shard) WHERE user_id IS NULL DO NOTHING;
      ELSE
        INSERT INTO ledger_accounts AS a (user_id, kind, currency, allow_negative)
          VALUES (p_users[i], p_kinds[i], p_currency, false)
          ON CONFLICT (user_id, kind, currency) WHERE user_id IS NOT NULL DO NOTHING;
      END IF;
    END LOOP;
  END LOOP;

  -- The accounts locked (players first, then house, each in id order: the one lock order every transfer takes) and
  -- their balances checked in the same statement, as the locked rows arrive.
  v_short_id := NULL;
  FOR v_row IN
    SELECT a.id, a.balance, a.allow_negative,
        (SELECT sum(l.amount) FROM unnest(v_ids, p_amounts) AS l(id, amount) WHERE l.id = a.id) AS amount
      FROM ledger_accounts a
      WHERE a.id = ANY (v_ids)
      ORDER BY (a.user_id IS NULL), a.id
      FOR UPDATE
  LOOP
    IF v_short_id IS NULL AND NOT v_row.allow_negative AND v_row.balance + v_row.amount < 0 THEN
      v_short_id := v_row.id;
      v_short_balance := v_row.balance;
    END IF;
  END LOOP;

  IF v_short_id IS NOT NULL THEN
    -- Refused for funds: the key is freed again, and nothing else was written.
    DELETE FROM ledger_transfers t WHERE t.id = v_transfer;
    RETURN QUERY SELECT 'insufficient'::text, NULL::bigint, NULL::text, v_short_id, NULL::bigint, NULL::bigint,
      v_short_balance, NULL::text;
    RETURN;
  END IF;

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
END;
$$;
