-- Several placements in one statement and one transaction (issue 23, group commit): the api sends the placements it
-- decided in the same turn of the event loop together; each is decided alone exactly as sports_place_bet (migrations
-- 0044 and 0046) decides it, in the order given, and answers one of its outcomes ('done', 'twin', 'moved',
-- 'pipeline'), with what it answers ('done': the transfer, the xid, the bet's book under the locks). Every outcome
-- but 'done' leaves nothing of its bet; the other bets of the batch are not affected by it.
--
-- The locks are the ones sports_place_bet takes, taken for the whole batch phase by phase, each phase in one global
-- order, so that batches cannot deadlock with each other, nor with sports_place_bet or the stake pipeline's
-- transaction (each of which takes one of each phase, in the same phase order):
--   1. the book: sports_slip_book on every outcome of the batch (matches, markets, outcomes share-locked, each table
--      in id order, the feed's order);
--   2. the bets' keys: the bets whose book is as priced inserted in (user, key, ordinal) order;
--   3. the loss and wager limit rows of their players, by player then kind;
--   4. their players' active bonus rows, by player then id;
--   5. their players' accounts by id, then the house accounts their stakes credit by id (ledger_transfer's order:
--      players first, then house, each by id).
-- Then, in the order given, each placement under those locks: sports_place_bet's checks and writes (the guard state
-- as read, the reality check's deadline counted from the batch's start, no active bonus, main money covering the stake
-- after the batch's earlier bets, ledger_transfer applying the stake's transfer, the stake record new). A placement
-- stepping aside ('pipeline') rolls back its own writes (a block) and deletes its bet row, so its key is free once the
-- batch commits. A key given twice in the batch: its first copy is decided; a later copy answers 'twin' when the
-- first was placed, else 'pipeline' (the stake pipeline's transaction decides it afresh).
--
-- Any error rolls the whole batch back: the api then places each of its bets alone.
--
-- Input: p_bets, a JSON array, each element sports_place_bet's arguments by name without the p_ prefix ("user" as
-- user_id; bigints may be strings). Answer: one row per bet, in the order given, its ordinal (1-based) first.
CREATE FUNCTION sports_place_bets(p_bets jsonb)
RETURNS TABLE (ordinal integer, outcome text, transfer_id bigint, xid text, book text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_start timestamptz := clock_timestamp();
  v_n integer := jsonb_array_length(p_bets);
  v_outcomes text[] := array_fill(NULL::text, ARRAY[jsonb_array_length(p_bets)]);
  v_books text[] := array_fill(NULL::text, ARRAY[jsonb_array_length(p_bets)]);
  v_transfers bigint[] := array_fill(NULL::bigint, ARRAY[jsonb_array_length(p_bets)]);
  v_xids text[] := array_fill(NULL::text, ARRAY[jsonb_array_length(p_bets)]);
  v_priced integer[] := '{}';
  v_inserted uuid[];
  v_users bigint[];
  v_all jsonb;
  v_bet record;
  v_first integer;
  v_book jsonb;
  v_count integer;
  v_ok boolean;
  v_main bigint;
  v_transfer record;
BEGIN
  -- 1. The book of every outcome of the batch, share-locked by sports_slip_book, by outcome id.
  SELECT coalesce(jsonb_object_agg(b.outcome_id::text, to_jsonb(b)), '{}'::jsonb) INTO v_all
    FROM sports_slip_book(ARRAY(SELECT DISTINCT x::bigint
      FROM jsonb_array_elements(p_bets) e(v), jsonb_array_elements_text(e.v->'outcome_ids') x)) b;
  -- Each bet's slip checked as sports_place_bet checks it: every outcome there, on the match the api saw, at the odd
  -- it priced, its market and itself open, its match in play when the bet waited its delay for it and otherwise not
  -- started (to the millisecond, as the api compares).
  FOR v_bet IN
    SELECT e.ord::integer AS ord, b.*
      FROM jsonb_array_elements(p_bets) WITH ORDINALITY e(v, ord),
        jsonb_to_record(e.v) AS b(outcome_ids bigint[], match_ids bigint[], odds integer[], live_match_ids bigint[],
          placed_at timestamptz)
      ORDER BY e.ord
  LOOP
    SELECT jsonb_agg(r.row), count(r.row),
        bool_and(r.row IS NOT NULL AND (r.row->>'match_id')::bigint = s.match_id
          AND (r.row->>'odd_thousandths')::integer = s.odd
          AND r.row->>'market_status' = 'open' AND r.row->>'outcome_status' = 'open'
          AND CASE WHEN (r.row->>'match_id')::bigint = ANY(v_bet.live_match_ids) THEN r.row->>'match_status' = 'live'
            ELSE r.row->>'match_status' = 'scheduled'
              AND date_trunc('milliseconds', (r.row->>'starts_at')::timestamptz) > v_bet.placed_at END)
      INTO v_book, v_count, v_ok
      FROM unnest(v_bet.outcome_ids, v_bet.match_ids, v_bet.odds) AS s(outcome_id, match_id, odd),
        LATERAL (SELECT v_all->(s.outcome_id::text) AS row) r;
    IF v_count <> cardinality(v_bet.outcome_ids) OR NOT coalesce(v_ok, false) THEN
      v_outcomes[v_bet.ord] := 'moved';
    ELSE
      v_books[v_bet.ord] := v_book::text;
      v_priced := v_priced || v_bet.ord;
    END IF;
  END LOOP;

  -- 2. The keys: the priced bets inserted in (user, key, ordinal) order; a key stored already (or given earlier in the
  -- batch) inserts nothing.
  WITH inserted AS (
    INSERT INTO bets AS t (id, user_id, kind, stake, currency, total_odd_thousandths, potential_payout,
        odds_change_policy, idempotency_key, request_hash, placed_at)
      SELECT b.bet, b.user_id, b.kind, b.stake, b.currency, b.total_odd, b.potential_payout, b.policy, b.key, b.hash,
          b.placed_at
        FROM jsonb_array_elements(p_bets) WITH ORDINALITY e(v, ord),
          jsonb_to_record(e.v) AS b(bet uuid, user_id bigint, kind text, stake bigint, currency text, total_odd bigint,
            potential_payout bigint, policy text, key text, hash text, placed_at timestamptz)
        WHERE e.ord = ANY(v_priced)
        ORDER BY b.user_id, b.key, e.ord
      ON CONFLICT (user_id, idempotency_key) DO NOTHING
      RETURNING t.id, t.user_id
  )
  SELECT coalesce(array_agg(i.id), '{}'), coalesce(array_agg(DISTINCT i.user_id), '{}') INTO v_inserted, v_users
    FROM inserted i;

  -- 3.-5. The players' limit rows, active bonus rows and accounts, then the house accounts the stakes credit.
  PERFORM 1 FROM player_limits l WHERE l.user_id = ANY(v_users) AND l.kind IN ('loss', 'wager')
    ORDER BY l.user_id, l.kind FOR UPDATE;
  PERFORM 1 FROM user_bonuses u WHERE u.user_id = ANY(v_users) AND u.status = 'active'
    ORDER BY u.user_id, u.id FOR UPDATE;
  PERFORM 1 FROM ledger_accounts a WHERE a.user_id = ANY(v_users) ORDER BY a.id FOR UPDATE;
  PERFORM 1 FROM ledger_accounts a
    WHERE a.user_id IS NULL AND (a.kind, a.currency, a.shard) IN (
      SELECT l.kind, b.currency, l.shard
        FROM jsonb_array_elements(p_bets) e(v),
          jsonb_to_record(e.v) AS b(bet uuid, currency text, users bigint[], kinds text[], shards integer[]),
          unnest(b.users, b.kinds, b.shards) AS l(user_id, kind, shard)
        WHERE b.bet = ANY(v_inserted) AND l.user_id IS NULL)
    ORDER BY a.id FOR UPDATE;

  -- Each placement in the order given, under the batch's locks.
  FOR v_bet IN
    SELECT e.ord::integer AS ord, b.*
      FROM jsonb_array_elements(p_bets) WITH ORDINALITY e(v, ord),
        jsonb_to_record(e.v) AS b(bet uuid, user_id bigint, key text, stake bigint, currency text, total_odd bigint,
          outcome_ids bigint[], match_ids bigint[], odds integer[], session bigint, guard_state text,
          guard_ms double precision, source_key text, stake_at timestamptz, transfer_key text, transfer_hash text,
          transfer_kind text, metadata jsonb, users bigint[], kinds text[], shards integer[], amounts bigint[])
      ORDER BY e.ord
  LOOP
    CONTINUE WHEN v_outcomes[v_bet.ord] IS NOT NULL;
    IF NOT (v_bet.bet = ANY(v_inserted)) THEN
      -- The key was stored already ('twin'), or given earlier in the batch: a twin of that copy if it was placed.
      SELECT min(e.ord)::integer INTO v_first
        FROM jsonb_array_elements(p_bets) WITH ORDINALITY e(v, ord)
        WHERE e.ord < v_bet.ord AND (e.v->>'user_id')::bigint = v_bet.user_id AND e.v->>'key' = v_bet.key
          AND v_outcomes[e.ord] IS DISTINCT FROM 'moved';
      v_outcomes[v_bet.ord] := CASE WHEN v_first IS NULL OR v_outcomes[v_first] = 'done' THEN 'twin' ELSE 'pipeline' END;
      v_books[v_bet.ord] := NULL;
      CONTINUE;
    END IF;
    BEGIN
      INSERT INTO bet_selections AS s (bet_id, outcome_id, match_id, odd_thousandths, position)
        SELECT v_bet.bet, slip.outcome_id, slip.match_id, slip.odd, slip.position - 1
          FROM unnest(v_bet.outcome_ids, v_bet.match_ids, v_bet.odds) WITH ORDINALITY
            AS slip(outcome_id, match_id, odd, position);
      -- Player protection's guard: its inputs as the api read them, and the reality check's deadline.
      IF player_stake_guard_state(v_bet.user_id, v_bet.session) IS DISTINCT FROM v_bet.guard_state
          OR (v_bet.guard_ms IS NOT NULL AND extract(epoch FROM clock_timestamp() - v_start) * 1000 >= v_bet.guard_ms)
      THEN
        RAISE EXCEPTION 'sports_place_bets: to the stake pipeline' USING ERRCODE = 'PH001';
      END IF;
      -- A bonus running takes the pipeline's path.
      PERFORM 1 FROM user_bonuses u WHERE u.user_id = v_bet.user_id AND u.status = 'active';
      IF FOUND THEN
        RAISE EXCEPTION 'sports_place_bets: to the stake pipeline' USING ERRCODE = 'PH001';
      END IF;
      -- Main money must cover the stake (after the batch's earlier bets).
      SELECT a.balance INTO v_main FROM ledger_accounts a
        WHERE a.user_id = v_bet.user_id AND a.kind = 'main' AND a.currency = v_bet.currency;
      IF coalesce(v_main, 0) < v_bet.stake THEN
        RAISE EXCEPTION 'sports_place_bets: to the stake pipeline' USING ERRCODE = 'PH001';
      END IF;
      SELECT * INTO v_transfer FROM ledger_transfer(v_bet.transfer_key, v_bet.transfer_hash, v_bet.transfer_kind,
        v_bet.currency, v_bet.metadata, v_bet.users, v_bet.kinds, v_bet.shards, v_bet.amounts) t LIMIT 1;
      IF v_transfer.outcome IS DISTINCT FROM 'applied' THEN
        RAISE EXCEPTION 'sports_place_bets: to the stake pipeline' USING ERRCODE = 'PH001';
      END IF;
      INSERT INTO stakes AS k (source_key, user_id, product, currency, game_type, odd_thousandths, amount, main, bonus,
          free_spin, user_bonus_id, stake_transfer_id, created_at)
        VALUES (v_bet.source_key, v_bet.user_id, 'sports', v_bet.currency, 'sports', v_bet.total_odd, v_bet.stake,
          v_bet.stake, 0, 0, NULL, v_transfer.transfer_id, v_bet.stake_at)
        ON CONFLICT (source_key) DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'sports_place_bets: to the stake pipeline' USING ERRCODE = 'PH001';
      END IF;
      v_outcomes[v_bet.ord] := 'done';
      v_transfers[v_bet.ord] := v_transfer.transfer_id;
      v_xids[v_bet.ord] := v_transfer.xid;
    EXCEPTION WHEN SQLSTATE 'PH001' THEN
      -- The block's writes are undone; the bet's row, inserted before it, goes too.
      DELETE FROM bets t WHERE t.id = v_bet.bet;
      v_outcomes[v_bet.ord] := 'pipeline';
      v_books[v_bet.ord] := NULL;
    END;
  END LOOP;

  RETURN QUERY SELECT i, v_outcomes[i], v_transfers[i], v_xids[i],
      CASE WHEN v_outcomes[i] = 'done' THEN v_books[i] END
    FROM generate_series(1, v_n) i;
END;
$$;
