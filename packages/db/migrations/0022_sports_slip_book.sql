-- The book of a bet slip as it stands once share-locked, in one round trip: matches, then markets, then outcomes,
-- each in id order (the order the feed ingest writes them in, so a delivery and a bet being priced never deadlock),
-- then one read of everything the bet needs to be priced, checked and shown. Each statement of a plpgsql function
-- takes a fresh snapshot under READ COMMITTED, so the read sees every change committed before the locks were granted,
-- and nothing can change the locked rows until the bet commits. Outcomes that do not exist are simply not returned.
CREATE OR REPLACE FUNCTION sports_slip_book(outcome_ids bigint[])
RETURNS TABLE (
  outcome_id bigint,
  odd_thousandths integer,
  outcome_status text,
  label text,
  market_id bigint,
  market_status text,
  market_name jsonb,
  match_id bigint,
  match_status text,
  starts_at timestamptz,
  team1 jsonb,
  team2 jsonb,
  sport_name jsonb,
  tournament_name jsonb
)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM matches
    WHERE id IN (SELECT mk.match_id FROM outcomes o JOIN markets mk ON mk.id = o.market_id WHERE o.id = ANY(outcome_ids))
    ORDER BY id FOR SHARE;
  PERFORM 1 FROM markets
    WHERE id IN (SELECT o.market_id FROM outcomes o WHERE o.id = ANY(outcome_ids))
    ORDER BY id FOR SHARE;
  PERFORM 1 FROM outcomes WHERE id = ANY(outcome_ids) ORDER BY id FOR SHARE;
  RETURN QUERY
    SELECT o.id, o.odd_thousandths, o.status, o.label, mk.id, mk.status, mk.name, ma.id, ma.status, ma.starts_at,
      ma.team1, ma.team2, sp.name, tn.name
    FROM outcomes o
    JOIN markets mk ON mk.id = o.market_id
    JOIN matches ma ON ma.id = mk.match_id
    JOIN sports sp ON sp.id = ma.sport_id
    JOIN tournaments tn ON tn.id = ma.tournament_id
    WHERE o.id = ANY(outcome_ids);
END;
$$;
