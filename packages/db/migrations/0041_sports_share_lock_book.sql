-- The share locks of a bet's book alone, for a cash out: its matches, then markets, then outcomes, each in id order
-- (sports_slip_book's order, so a cash out, a placement and a feed delivery never deadlock). The caller names the ids
-- (a bet's legs know their outcome, market and match, which never change), so each lock is a primary-key look-up that
-- takes PostgreSQL next to nothing to plan; sports_slip_book finds the markets and matches by joins and then reads the
-- whole book, which a cash out, reading its own legs afterwards, does not need. Answers how many rows it locked.
CREATE OR REPLACE FUNCTION sports_share_lock_book(match_ids bigint[], market_ids bigint[], outcome_ids bigint[])
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  locked integer := 0;
  n integer;
BEGIN
  PERFORM 1 FROM matches WHERE id = ANY(match_ids) ORDER BY id FOR SHARE;
  GET DIAGNOSTICS n = ROW_COUNT;
  locked := locked + n;
  PERFORM 1 FROM markets WHERE id = ANY(market_ids) ORDER BY id FOR SHARE;
  GET DIAGNOSTICS n = ROW_COUNT;
  locked := locked + n;
  PERFORM 1 FROM outcomes WHERE id = ANY(outcome_ids) ORDER BY id FOR SHARE;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN locked + n;
END;
$$;
