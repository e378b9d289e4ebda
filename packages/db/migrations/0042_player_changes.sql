-- Each api instance keeps what it read about a signed-in player in memory (issue 23: a repeat request reads nothing
-- it read a moment ago): their session, with its user row and session time limit ('session_changed'), and the facts
-- the games page shows them, their likes and whether a deposit of theirs succeeded ('player_facts_changed'). Every
-- committed change of those rows names the players concerned on the channel, and every instance drops what it kept of
-- them: ids separated by commas, or '*' (drop everything) for a TRUNCATE or a statement that touched more players than
-- one notification holds. The triggers are per statement and read the statement's changed rows, so a sweep of expired
-- sessions sends one notification, not one per row, and a statement that changed nothing sends none. A new session is
-- not announced: no instance can hold a session it never saw.
CREATE FUNCTION players_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids text;
BEGIN
  -- TG_ARGV[0]: the column of the changed rows that names the player; TG_ARGV[1]: the channel.
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify(TG_ARGV[1], '*');
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT string_agg(DISTINCT %I::text, '','') FROM changed', TG_ARGV[0]) INTO v_ids;
  IF v_ids IS NOT NULL THEN
    PERFORM pg_notify(TG_ARGV[1], CASE WHEN length(v_ids) > 7000 THEN '*' ELSE v_ids END);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sessions_players_changed_update AFTER UPDATE ON "sessions"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER sessions_players_changed_delete AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER sessions_players_changed_truncate AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER users_players_changed_update AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER users_players_changed_delete AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER users_players_changed_truncate AFTER TRUNCATE ON "users" FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER player_limits_players_changed_insert AFTER INSERT ON "player_limits"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER player_limits_players_changed_update AFTER UPDATE ON "player_limits"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER player_limits_players_changed_delete AFTER DELETE ON "player_limits"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER player_limits_players_changed_truncate AFTER TRUNCATE ON "player_limits" FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER favourites_players_changed_insert AFTER INSERT ON "favourites"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'player_facts_changed');--> statement-breakpoint
CREATE TRIGGER favourites_players_changed_update AFTER UPDATE ON "favourites"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'player_facts_changed');--> statement-breakpoint
CREATE TRIGGER favourites_players_changed_delete AFTER DELETE ON "favourites"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'player_facts_changed');--> statement-breakpoint
CREATE TRIGGER favourites_players_changed_truncate AFTER TRUNCATE ON "favourites" FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'player_facts_changed');--> statement-breakpoint
CREATE TRIGGER payments_players_changed_insert AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'player_facts_changed');--> statement-breakpoint
CREATE TRIGGER payments_players_changed_update AFTER UPDATE ON "payments"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'player_facts_changed');--> statement-breakpoint
CREATE TRIGGER payments_players_changed_delete AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'player_facts_changed');--> statement-breakpoint
CREATE TRIGGER payments_players_changed_truncate AFTER TRUNCATE ON "payments" FOR EACH STATEMENT
  EXECUTE FUNCTION players_changed('user_id', 'player_facts_changed');
