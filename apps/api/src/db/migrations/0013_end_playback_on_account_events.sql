-- Playback tokens end with the account events that should end them
-- (issue 16 finding 7, decision 0031): sign-out, a ban, a password change
-- and a refund set the user's playback_not_before; a playback token issued
-- before it is refused on every media request. The column is read with the
-- rest of the viewer's state, held per user in memory and dropped by the
-- change feed (decision 0028): the media path makes no query of its own.
--
-- Set here, in the database, so that every writer — a route of any
-- instance, the admin CLI, an operator in psql — ends the tokens alike.
-- The value is rounded UP to the next whole second: tokens carry their
-- issue time in seconds, so a token minted in the same second as the event
-- is refused too.

ALTER TABLE users ADD COLUMN playback_not_before timestamptz;

CREATE FUNCTION bosphorus_playback_cutoff() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT date_trunc('second', now()) + interval '1 second'
$$;

-- A ban, or a new password (a reset or a change), on the row itself.
CREATE FUNCTION bosphorus_end_playback_on_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.banned_at IS NOT NULL AND OLD.banned_at IS NULL)
     OR NEW.password_hash IS DISTINCT FROM OLD.password_hash THEN
    NEW.playback_not_before := bosphorus_playback_cutoff();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_end_playback BEFORE UPDATE OF banned_at, password_hash ON users
  FOR EACH ROW EXECUTE FUNCTION bosphorus_end_playback_on_account();

-- Sign-out, "sign out everywhere", a reset, a reused refresh credential:
-- every revocation of a session. Once per statement, over the rows it
-- revoked (a family is revoked in one statement).
CREATE FUNCTION bosphorus_end_playback_on_revoke() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET playback_not_before = bosphorus_playback_cutoff()
   WHERE id IN (SELECT n.user_id FROM revoked_new n JOIN revoked_old o ON o.id = n.id
                 WHERE n.revoked_at IS NOT NULL AND o.revoked_at IS NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER refresh_tokens_end_playback AFTER UPDATE ON refresh_tokens
  REFERENCING OLD TABLE AS revoked_old NEW TABLE AS revoked_new
  FOR EACH STATEMENT EXECUTE FUNCTION bosphorus_end_playback_on_revoke();

-- A refund (the pass it paid for ends with it).
CREATE FUNCTION bosphorus_end_playback_on_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'refunded' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'refunded') THEN
    UPDATE users SET playback_not_before = bosphorus_playback_cutoff() WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER subscriptions_end_playback AFTER INSERT OR UPDATE OF status ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION bosphorus_end_playback_on_refund();

-- The change feed learns of it as an account change (migration 0011's
-- function and channel; its users trigger is left as it is).
CREATE TRIGGER users_playback_changes AFTER UPDATE ON users
  FOR EACH ROW WHEN (NEW.playback_not_before IS DISTINCT FROM OLD.playback_not_before)
  EXECUTE FUNCTION bosphorus_notify_change('account', 'id');
