-- What a bet's cash-out price is made of, as text: per leg (slip order) and outcome of its market (id order), the leg's
-- outcome, its market's and match's status, its sport's cash-out settings (empty where no trader set any), whether a
-- trader switched cash out off for its match, and the outcome's odd and status. The api prices a bet from a read that
-- carries this text (one snapshot) and sports_cash_out compares it with the text under its locks: equal text, equal
-- price. Plpgsql so PostgreSQL keeps its plan; STABLE, so in a read it sees that read's snapshot.
CREATE FUNCTION sports_cash_out_book_state(p_bet uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT string_agg(
        format('%s:%s:%s:%s:%s:%s:%s:%s:%s:%s:%s', s.outcome_id, mk.status, m.status, m.sport_id, c.margin_bp,
          c.enabled, c.counts_wagering, b.match_id IS NOT NULL, o2.id, o2.odd_thousandths, o2.status),
        ',' ORDER BY s.position, s.outcome_id, o2.id)
      FROM bet_selections s
        JOIN outcomes o ON o.id = s.outcome_id
        JOIN markets mk ON mk.id = o.market_id
        JOIN matches m ON m.id = s.match_id
        JOIN outcomes o2 ON o2.market_id = o.market_id
        LEFT JOIN cash_out_settings c ON c.sport_id = m.sport_id
        LEFT JOIN cash_out_match_blocks b ON b.match_id = s.match_id
      WHERE s.bet_id = p_bet);
END;
$$;--> statement-breakpoint
-- A cash out of a stake paid with main money only, in one statement (issue 21): the api read the bet, priced it
-- (cash-out-pricing.ts) and checked the player's request against that price; this takes the locks a cash out takes, in
-- the placement's order (the bet's book share-locked by id: matches, markets, outcomes; then the bet's row; then the
-- player's active bonus row and the stake row, the stake pipeline's order), checks that what the api decided on still
-- stands, and writes what the stake pipeline's cash out writes: the payout through ledger_transfer (the transfer the
-- wallet prepared), the stake settled or shrunk, the bet_cash_outs row, the bet settled or shrunk and its automatic
-- target ended. Answers one row; its outcome:
--   'done'       the cash out was made (the other columns say what it wrote);
--   'not_found'  the bet is not the player's;
--   'twin'       a cash out under this request's key exists (a twin request got the bet's lock first);
--   'not_open'   the bet or its stake is no longer open, or the part is more than the stake holds;
--   'moved'      the bet's book, its stake or its cash outs changed since the api's read: it reads and prices again;
--   'pipeline'   bonus money is involved (the stake names a bonus, the player has an active bonus, or the bet has a
--                shortfall): the stake pipeline's transaction decides;
--   'ledger'     ledger_transfer refused the payout (ledger_outcome says why).
-- Every outcome but 'done' has written nothing.
CREATE FUNCTION sports_cash_out(
  p_bet uuid, p_user bigint, p_key text, p_hash text,
  p_match_ids bigint[], p_market_ids bigint[], p_outcome_ids bigint[],
  p_book text, p_stake bigint, p_seq integer, p_source_key text,
  p_part bigint, p_amount bigint, p_price bigint, p_seen_price bigint, p_auto boolean,
  p_payout bigint, p_potential_payout bigint, p_now timestamptz,
  p_transfer_key text, p_transfer_hash text, p_transfer_kind text, p_currency text, p_metadata jsonb,
  p_users bigint[], p_kinds text[], p_shards integer[], p_amounts bigint[]
) RETURNS TABLE (
  outcome text, cash_out_id bigint, transfer_id bigint, xid text, stake_main bigint, ledger_outcome text,
  ledger_account_id bigint, ledger_balance bigint, bet_stake bigint, bet_potential_payout bigint, bet_payout bigint,
  bet_status text, bet_settled_at timestamptz, bet_settlement_version integer, bet_shortfall bigint, bet_withheld bigint
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_bet bets%ROWTYPE;
  v_stake stakes%ROWTYPE;
  v_count integer;
  v_transfer record;
  v_transfer_id bigint;
  v_xid text;
  v_cash_out bigint;
BEGIN
  PERFORM sports_share_lock_book(p_match_ids, p_market_ids, p_outcome_ids);
  SELECT * INTO v_bet FROM bets b WHERE b.id = p_bet AND b.user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'not_found';
  ELSIF EXISTS (SELECT 1 FROM bet_cash_outs c WHERE c.user_id = p_user AND c.idempotency_key = p_key) THEN
    outcome := 'twin';
  ELSIF v_bet.status <> 'open' THEN
    outcome := 'not_open';
  ELSE
    SELECT count(*)::integer INTO v_count FROM bet_cash_outs c WHERE c.bet_id = p_bet;
    IF v_bet.stake <> p_stake OR v_count <> p_seq - 1
        OR sports_cash_out_book_state(p_bet) IS DISTINCT FROM p_book THEN
      outcome := 'moved';
    ELSIF v_bet.shortfall <> 0 THEN
      outcome := 'pipeline';
    ELSE
      PERFORM 1 FROM user_bonuses u WHERE u.user_id = p_user AND u.status = 'active' FOR UPDATE;
      IF FOUND THEN
        outcome := 'pipeline';
      ELSE
        SELECT * INTO v_stake FROM stakes s WHERE s.user_id = p_user AND s.source_key = p_source_key FOR UPDATE;
        IF NOT FOUND OR v_stake.status <> 'open' OR p_part > v_stake.amount THEN
          outcome := 'not_open';
        ELSIF v_stake.user_bonus_id IS NOT NULL OR v_stake.bonus <> 0 OR v_stake.free_spin <> 0 THEN
          outcome := 'pipeline';
        END IF;
      END IF;
    END IF;
  END IF;
  IF outcome IS NOT NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT * INTO v_transfer FROM ledger_transfer(p_transfer_key, p_transfer_hash, p_transfer_kind, p_currency,
    p_metadata, p_users, p_kinds, p_shards, p_amounts) t LIMIT 1;
  IF v_transfer.outcome NOT IN ('applied', 'replayed') THEN
    outcome := 'ledger';
    ledger_outcome := v_transfer.outcome;
    ledger_account_id := v_transfer.account_id;
    ledger_balance := v_transfer.balance_after;
    RETURN NEXT;
    RETURN;
  END IF;
  v_transfer_id := v_transfer.transfer_id;
  v_xid := v_transfer.xid;

  IF p_part = v_stake.amount THEN
    UPDATE stakes s SET status = 'settled', settled_at = p_now
      WHERE s.source_key = p_source_key AND s.status <> 'refunded';
  ELSE
    UPDATE stakes s SET amount = s.amount - p_part, main = s.main - p_part WHERE s.source_key = p_source_key;
  END IF;
  INSERT INTO bet_cash_outs AS c (bet_id, user_id, seq, idempotency_key, request_hash, stake, stake_main, stake_bonus,
      amount, price, seen_price, auto, transfer_id, created_at)
    VALUES (p_bet, p_user, p_seq, p_key, p_hash, p_part, p_part, 0, p_amount, p_price, p_seen_price, p_auto,
      v_transfer_id, p_now)
    RETURNING c.id INTO v_cash_out;
  DELETE FROM bet_cash_out_targets t WHERE t.bet_id = p_bet;
  IF p_part = p_stake THEN
    UPDATE bets b SET status = 'cashed_out', payout = p_payout, settled_at = p_now WHERE b.id = p_bet
      RETURNING * INTO v_bet;
  ELSE
    UPDATE bets b SET stake = p_stake - p_part, potential_payout = p_potential_payout WHERE b.id = p_bet
      RETURNING * INTO v_bet;
  END IF;
  RETURN QUERY SELECT 'done'::text, v_cash_out, v_transfer_id, v_xid, v_stake.main, v_transfer.outcome, NULL::bigint,
    NULL::bigint, v_bet.stake, v_bet.potential_payout, v_bet.payout, v_bet.status, v_bet.settled_at,
    v_bet.settlement_version, v_bet.shortfall, v_bet.withheld;
END;
$$;
