-- sports_place_bet (migration 0044) recorded the bet's stake with ON CONFLICT DO NOTHING: the source key is the new
-- bet's, so a conflict cannot happen today, but if one did the bet and its transfer would have been written without
-- their stake record, silently. The same function, strict: a stake record under the key already there rolls the whole
-- placement back ('pipeline', having written nothing), as every other check under its locks does.
-- A prematch bet (or an in-play one past its delay) paid with main money only, in one statement (issue 23): the api
-- read the slip's book, the player's guard state, bonus and balance, priced the bet and decided it would pass; this
-- takes the locks the stake pipeline's transaction takes, in its order (the book share-locked by sports_slip_book:
-- matches, markets, outcomes; the bet's key by its insert; the player's loss and wager limit rows; the active bonus
-- row; the player's accounts; then ledger_transfer's), checks under them that what the api decided on still stands,
-- and writes what that transaction writes: the bet and its selections, the stake's transfer through ledger_transfer
-- (the transfer the wallet prepared), the stake record. Answers one row; its outcome:
--   'done'      the bet was placed (transfer_id and xid name its transfer; book is the slip's book under the locks);
--   'twin'      a bet under this key exists (a twin request got there first);
--   'moved'     an outcome, its market or its match is not as the api priced it (odd, status, kick-off): the stake
--               pipeline's transaction decides;
--   'pipeline'  the player's guard state changed since the read, a reality check fell due meanwhile, the player has
--               an active bonus or too little main money, the ledger did not apply the transfer, or a stake record
--               under the bet's source key exists already: the stake pipeline's transaction decides.
-- Every outcome but 'done' has written nothing (the writes after the bet's insert run in a block that is rolled back).
CREATE OR REPLACE FUNCTION sports_place_bet(
  p_bet uuid, p_user bigint, p_key text, p_hash text, p_kind text, p_stake bigint, p_currency text,
  p_total_odd bigint, p_potential_payout bigint, p_policy text, p_placed_at timestamptz,
  p_outcome_ids bigint[], p_match_ids bigint[], p_odds integer[], p_live_match_ids bigint[],
  p_session bigint, p_guard_state text, p_guard_ms double precision, p_source_key text, p_stake_at timestamptz,
  p_transfer_key text, p_transfer_hash text, p_transfer_kind text, p_metadata jsonb,
  p_users bigint[], p_kinds text[], p_shards integer[], p_amounts bigint[]
) RETURNS TABLE (outcome text, transfer_id bigint, xid text, book text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_start timestamptz := clock_timestamp();
  v_book jsonb;
  v_count integer;
  v_ok boolean;
  v_main bigint;
  v_transfer record;
BEGIN
  -- The book as sports_slip_book locks and reads it, checked as the api checked it: every outcome there, on the match
  -- the api saw, at the odd it priced, its market and itself open, its match in play when the bet waited its delay for
  -- it and otherwise not started (to the millisecond, as the api compares).
  SELECT jsonb_agg(to_jsonb(b)), count(*),
      bool_and(s.outcome_id IS NOT NULL AND b.match_id = s.match_id AND b.odd_thousandths = s.odd
        AND b.market_status = 'open' AND b.outcome_status = 'open'
        AND CASE WHEN b.match_id = ANY(p_live_match_ids) THEN b.match_status = 'live'
          ELSE b.match_status = 'scheduled' AND date_trunc('milliseconds', b.starts_at) > p_placed_at END)
    INTO v_book, v_count, v_ok
    FROM sports_slip_book(p_outcome_ids) b
      LEFT JOIN unnest(p_outcome_ids, p_match_ids, p_odds) AS s(outcome_id, match_id, odd) ON s.outcome_id = b.outcome_id;
  IF v_count <> cardinality(p_outcome_ids) OR NOT v_ok THEN
    outcome := 'moved';
    RETURN NEXT;
    RETURN;
  END IF;

  BEGIN
    INSERT INTO bets AS b (id, user_id, kind, stake, currency, total_odd_thousandths, potential_payout,
        odds_change_policy, idempotency_key, request_hash, placed_at)
      VALUES (p_bet, p_user, p_kind, p_stake, p_currency, p_total_odd, p_potential_payout, p_policy, p_key, p_hash,
        p_placed_at)
      ON CONFLICT (user_id, idempotency_key) DO NOTHING;
    IF NOT FOUND THEN
      outcome := 'twin';
      RETURN NEXT;
      RETURN;
    END IF;
    INSERT INTO bet_selections AS s (bet_id, outcome_id, match_id, odd_thousandths, position)
      SELECT p_bet, slip.outcome_id, slip.match_id, slip.odd, slip.position - 1
        FROM unnest(p_outcome_ids, p_match_ids, p_odds) WITH ORDINALITY AS slip(outcome_id, match_id, odd, position);

    -- Player protection's guard: its limit rows locked as it locks them, then its inputs as the api read them.
    PERFORM 1 FROM player_limits l WHERE l.user_id = p_user AND l.kind IN ('loss', 'wager') FOR UPDATE;
    IF player_stake_guard_state(p_user, p_session) IS DISTINCT FROM p_guard_state
        OR (p_guard_ms IS NOT NULL AND extract(epoch FROM clock_timestamp() - v_start) * 1000 >= p_guard_ms) THEN
      RAISE EXCEPTION 'sports_place_bet: to the stake pipeline' USING ERRCODE = 'PH001';
    END IF;
    -- The active bonus row, as the stake pipeline locks it: a bonus running takes the pipeline's path.
    PERFORM 1 FROM user_bonuses u WHERE u.user_id = p_user AND u.status = 'active' FOR UPDATE;
    IF FOUND THEN
      RAISE EXCEPTION 'sports_place_bet: to the stake pipeline' USING ERRCODE = 'PH001';
    END IF;
    -- The player's accounts, locked as the wallet's balances lock them; main money must cover the stake.
    PERFORM 1 FROM ledger_accounts a WHERE a.user_id = p_user ORDER BY a.id FOR UPDATE;
    SELECT a.balance INTO v_main FROM ledger_accounts a
      WHERE a.user_id = p_user AND a.kind = 'main' AND a.currency = p_currency;
    IF coalesce(v_main, 0) < p_stake THEN
      RAISE EXCEPTION 'sports_place_bet: to the stake pipeline' USING ERRCODE = 'PH001';
    END IF;
    SELECT * INTO v_transfer FROM ledger_transfer(p_transfer_key, p_transfer_hash, p_transfer_kind, p_currency,
      p_metadata, p_users, p_kinds, p_shards, p_amounts) t LIMIT 1;
    IF v_transfer.outcome IS DISTINCT FROM 'applied' THEN
      RAISE EXCEPTION 'sports_place_bet: to the stake pipeline' USING ERRCODE = 'PH001';
    END IF;
    INSERT INTO stakes AS k (source_key, user_id, product, currency, game_type, odd_thousandths, amount, main, bonus,
        free_spin, user_bonus_id, stake_transfer_id, created_at)
      VALUES (p_source_key, p_user, 'sports', p_currency, 'sports', p_total_odd, p_stake, p_stake, 0, 0, NULL,
        v_transfer.transfer_id, p_stake_at)
      ON CONFLICT (source_key) DO NOTHING;
    -- The key is new with every bet, so a record there already is no retry of this placement: a bet without its own
    -- stake record would settle against another's shares, so the bet and its transfer are rolled back with it.
    IF NOT FOUND THEN
      RAISE EXCEPTION 'sports_place_bet: to the stake pipeline' USING ERRCODE = 'PH001';
    END IF;
  EXCEPTION WHEN SQLSTATE 'PH001' THEN
    outcome := 'pipeline';
    RETURN NEXT;
    RETURN;
  END;
  RETURN QUERY SELECT 'done'::text, v_transfer.transfer_id, v_transfer.xid, v_book::text;
END;
$$;
