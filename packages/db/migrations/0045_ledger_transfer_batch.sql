-- Several transfers in one statement and one transaction (issue 23, group commit): the wallet sends the transfers asked
-- for together on the pool, in the order they were asked; each is applied or refused on its own exactly as
-- ledger_transfer (migration 0020) would have, run one after another in that order. Set-based: one statement finds the
-- stored keys (a replay answers the stored entries, a key reused for another request answers 'conflict'), one finds the
-- accounts (one more creates the missing ones and one finds them again), one locks every account of the batch players
-- first then house, each in id order (ledger_transfer's order: no deadlock between batches or with it) and reads the
-- balances; the decisions are made in memory over arrays (a refused transfer consumes nothing, a later one sees the
-- balances the earlier ones left; a key met again in the batch after it was applied answers as a replay of it); then
-- one statement writes the applied transfers, the balances and the entries. The database's guards stay as they are.
-- Any error (a key committed meanwhile by another transaction, bad input) rolls the whole batch back: the wallet then
-- runs each of its transfers alone through ledger_transfer.
--
-- Every look-up goes through an index whatever the tables' statistics say (a lateral subquery per key or leg): a plan
-- cached while a table was small must not scan it whole once it has grown.
--
-- Input: per transfer (ordinal i, 1-based) p_keys[i], p_hashes[i], p_kinds[i], p_currencies[i], p_metadata->(i-1);
-- per leg, grouped by transfer in ordinal order, p_leg_transfers (the leg's ordinal), p_users, p_leg_kinds, p_shards,
-- p_amounts. Answer: ledger_transfer's rows, each with its transfer's ordinal.
CREATE FUNCTION ledger_transfer_batch(
  p_keys text[], p_hashes text[], p_kinds text[], p_currencies text[], p_metadata jsonb,
  p_leg_transfers integer[], p_users bigint[], p_leg_kinds text[], p_shards integer[], p_amounts bigint[]
) RETURNS TABLE (
  ordinal integer, outcome text, transfer_id bigint, request_hash text, account_id bigint, user_id bigint,
  amount bigint, balance_after bigint, xid text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  n integer := coalesce(array_length(p_keys, 1), 0);
  m integer := coalesce(array_length(p_amounts, 1), 0);
  -- Per transfer: the stored transfer of its key and its hash, the previous ordinal with the same key, the outcome,
  -- the ordinal whose entries answer it, the first short account and its balance then, the transfer written.
  v_stored bigint[];
  v_stored_hashes text[];
  v_previous integer[];
  v_outcomes text[] := array_fill(NULL::text, ARRAY[n]);
  v_sources integer[] := array_fill(NULL::integer, ARRAY[n]);
  v_short_ids bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_short_balances bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_transfers bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_applied integer[] := '{}';
  v_written integer[];
  v_written_ids bigint[];
  v_replays boolean := false;
  v_refused boolean := false;
  -- Per leg: its account, its place in v_ids, the balance after its transfer.
  v_accounts bigint[];
  v_places integer[] := array_fill(NULL::integer, ARRAY[m]);
  v_after bigint[] := array_fill(NULL::bigint, ARRAY[m]);
  -- The batch's accounts (locked), their balances as the decisions go, whether they may go negative, touched.
  v_ids bigint[];
  v_balances bigint[];
  v_negative boolean[];
  v_touched boolean[];
  v_xid text;
  v_first integer;
  v_last integer;
  v_short integer;
  v_place integer;
  v_leg integer := 1;
BEGIN
  SELECT array_agg(t.id ORDER BY k.i), array_agg(t.request_hash ORDER BY k.i),
         array_agg(k.previous ORDER BY k.i)
    INTO v_stored, v_stored_hashes, v_previous
    FROM (SELECT k.key, k.i, lag(k.i) OVER (PARTITION BY k.key ORDER BY k.i) AS previous
            FROM unnest(p_keys) WITH ORDINALITY AS k(key, i)) k
      LEFT JOIN LATERAL (SELECT t.id, t.request_hash FROM ledger_transfers t WHERE t.idempotency_key = k.key LIMIT 1) t
        ON true;

  -- The accounts of the legs of transfers not stored yet: found, the missing ones created (in one order, so that two
  -- batches creating the same accounts wait for each other instead of deadlocking), found again.
  FOR attempt IN 1 .. 2 LOOP
    SELECT array_agg(a.id ORDER BY l.n) INTO v_accounts
      FROM unnest(p_leg_transfers, p_users, p_leg_kinds, p_shards) WITH ORDINALITY AS l(t, user_id, kind, shard, n)
        LEFT JOIN LATERAL (
          SELECT a.id FROM ledger_accounts a
            WHERE l.user_id IS NOT NULL AND a.user_id = l.user_id AND a.kind = l.kind AND a.currency = p_currencies[l.t]
          UNION ALL
          SELECT a.id FROM ledger_accounts a
            WHERE l.user_id IS NULL AND a.user_id IS NULL AND a.kind = l.kind AND a.currency = p_currencies[l.t]
              AND a.shard = l.shard
          LIMIT 1
        ) a ON true;
    EXIT WHEN attempt = 2 OR NOT EXISTS (
      SELECT 1 FROM unnest(v_accounts, p_leg_transfers) AS l(id, t) WHERE l.id IS NULL AND v_stored[l.t] IS NULL);
    INSERT INTO ledger_accounts AS a (user_id, kind, currency, allow_negative, shard)
      SELECT DISTINCT l.user_id, l.kind, p_currencies[l.t], l.user_id IS NULL,
             CASE WHEN l.user_id IS NULL THEN l.shard ELSE 0 END
        FROM unnest(v_accounts, p_leg_transfers, p_users, p_leg_kinds, p_shards) AS l(id, t, user_id, kind, shard)
        WHERE l.id IS NULL AND v_stored[l.t] IS NULL
        ORDER BY 1, 2, 3, 5
      ON CONFLICT DO NOTHING;
  END LOOP;

  SELECT array_agg(a.id ORDER BY a.id), array_agg(a.balance ORDER BY a.id), array_agg(a.allow_negative ORDER BY a.id),
         array_agg(false)
    INTO v_ids, v_balances, v_negative, v_touched
    FROM (SELECT a.id, a.balance, a.allow_negative FROM ledger_accounts a
            WHERE a.id = ANY (ARRAY(SELECT l.id FROM unnest(v_accounts, p_leg_transfers) AS l(id, t)
                                     WHERE v_stored[l.t] IS NULL))
            ORDER BY (a.user_id IS NULL), a.id FOR UPDATE) a;
  FOR l IN 1 .. m LOOP
    v_places[l] := array_position(v_ids, v_accounts[l]);
  END LOOP;

  FOR i IN 1 .. n LOOP
    v_first := v_leg;
    WHILE v_leg <= m AND p_leg_transfers[v_leg] = i LOOP
      v_leg := v_leg + 1;
    END LOOP;
    v_last := v_leg - 1;
    IF v_stored[i] IS NOT NULL THEN
      v_outcomes[i] := CASE WHEN v_stored_hashes[i] = p_hashes[i] THEN 'replayed' ELSE 'conflict' END;
      v_replays := true;
      CONTINUE;
    END IF;
    IF v_previous[i] IS NOT NULL AND v_outcomes[v_previous[i]] <> 'insufficient' THEN
      -- The key was applied earlier in this batch (by the previous transfer with it, or the one that answers it).
      v_sources[i] := v_sources[v_previous[i]];
      v_outcomes[i] := CASE WHEN p_hashes[v_sources[i]] = p_hashes[i] THEN 'replayed' ELSE 'conflict' END;
      CONTINUE;
    END IF;
    v_short := NULL;
    FOR l IN v_first .. v_last LOOP
      v_place := v_places[l];
      IF NOT v_negative[v_place] AND v_balances[v_place] + p_amounts[l] < 0
         AND (v_short IS NULL OR v_ids[v_place] < v_ids[v_short]) THEN
        v_short := v_place;
      END IF;
    END LOOP;
    IF v_short IS NOT NULL THEN
      v_outcomes[i] := 'insufficient';
      v_short_ids[i] := v_ids[v_short];
      v_short_balances[i] := v_balances[v_short];
      v_refused := true;
      CONTINUE;
    END IF;
    FOR l IN v_first .. v_last LOOP
      v_place := v_places[l];
      v_balances[v_place] := v_balances[v_place] + p_amounts[l];
      v_touched[v_place] := true;
      v_after[l] := v_balances[v_place];
    END LOOP;
    v_outcomes[i] := 'applied';
    v_sources[i] := i;
    v_applied := v_applied || i;
  END LOOP;

  IF cardinality(v_applied) > 0 THEN
    v_xid := pg_current_xact_id()::text;
    WITH written AS (
      INSERT INTO ledger_transfers (idempotency_key, request_hash, kind, currency, metadata)
        SELECT p_keys[w.i], p_hashes[w.i], p_kinds[w.i], p_currencies[w.i], coalesce(p_metadata -> (w.i - 1), '{}')
          FROM unnest(v_applied) AS w(i) ORDER BY w.i
        RETURNING id, idempotency_key
    ),
    transfers AS (
      SELECT w.i, t.id FROM unnest(v_applied) AS w(i) JOIN written t ON t.idempotency_key = p_keys[w.i]
    ),
    balances AS (
      UPDATE ledger_accounts a SET balance = v_balances[array_position(v_ids, a.id)]
        WHERE a.id = ANY (ARRAY(SELECT b.id FROM unnest(v_ids, v_touched) AS b(id, touched) WHERE b.touched))
    ),
    entries AS (
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
        SELECT t.id, l.account, l.amount, l.after
          FROM unnest(p_leg_transfers, v_accounts, p_users, p_amounts, v_after) AS l(i, account, user_id, amount, after)
            JOIN transfers t ON t.i = l.i
          ORDER BY l.i, (l.user_id IS NULL), l.account
    )
    SELECT array_agg(t.i), array_agg(t.id) INTO v_written, v_written_ids FROM transfers t;
    FOR k IN 1 .. cardinality(v_written) LOOP
      v_transfers[v_written[k]] := v_written_ids[k];
    END LOOP;
  END IF;

  RETURN QUERY
    SELECT o.i::integer, v_outcomes[o.i], v_transfers[o.s], p_hashes[o.s], v_accounts[l.n], p_users[l.n],
           p_amounts[l.n], v_after[l.n], CASE WHEN v_outcomes[o.i] = 'applied' THEN v_xid END
      FROM unnest(v_sources) WITH ORDINALITY AS o(s, i)
        JOIN unnest(p_leg_transfers) WITH ORDINALITY AS l(t, n) ON l.t = o.s
      WHERE o.s IS NOT NULL
      ORDER BY o.i, (p_users[l.n] IS NULL), v_accounts[l.n];
  IF v_refused THEN
    RETURN QUERY
      SELECT o.i::integer, 'insufficient'::text, NULL::bigint, NULL::text, v_short_ids[o.i], NULL::bigint, NULL::bigint,
             v_short_balances[o.i], NULL::text
        FROM generate_series(1, n) AS o(i) WHERE v_outcomes[o.i] = 'insufficient';
  END IF;
  IF v_replays THEN
    RETURN QUERY
      SELECT o.i::integer, v_outcomes[o.i], t.id, t.request_hash, e.account_id, e.user_id, e.amount, e.balance_after,
             NULL::text
        FROM generate_series(1, n) AS o(i)
          JOIN LATERAL (SELECT t.id, t.request_hash FROM ledger_transfers t WHERE t.id = v_stored[o.i] LIMIT 1) t ON true
          LEFT JOIN LATERAL (
            SELECT e.id, e.account_id, e.amount, e.balance_after,
                   (SELECT a.user_id FROM ledger_accounts a WHERE a.id = e.account_id) AS user_id
              FROM ledger_entries e WHERE e.transfer_id = t.id OFFSET 0
          ) e ON true
        ORDER BY o.i, e.id;
  END IF;
END;
$$;
