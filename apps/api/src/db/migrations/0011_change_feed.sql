-- The change feed (decision 0028): every committed write that makes an
-- instance's in-memory copy stale announces itself on the channel
-- 'bosphorus_changes', whoever wrote it — a route of any instance, the admin
-- CLI, an operator in psql. Instances LISTEN and drop their copies.
--
-- Payloads are '<kind>:<id>':
--   account:<user id>   ban, deletion, subscriptions (the guard's and the plan's state)
--   library:<user id>   favourites and series bells
--   movie:<id> / series:<id>   reviews and replies (the title's public answers)
-- PostgreSQL delivers notifications only on commit and folds duplicates
-- within one transaction.

CREATE FUNCTION bosphorus_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  id text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  -- TG_ARGV: the kind, then the column that holds the id.
  id := to_jsonb(changed) ->> TG_ARGV[1];
  IF id IS NOT NULL THEN
    PERFORM pg_notify('bosphorus_changes', TG_ARGV[0] || ':' || id);
  END IF;
  RETURN NULL;
END $$;

-- A review names its title in one of two columns; a reply names its review.
CREATE FUNCTION bosphorus_notify_review_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  review_id bigint;
  movie bigint;
  show bigint;
BEGIN
  IF TG_TABLE_NAME = 'reviews' THEN
    IF TG_OP = 'DELETE' THEN movie := OLD.movie_id; show := OLD.series_id;
    ELSE movie := NEW.movie_id; show := NEW.series_id; END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN review_id := OLD.review_id; ELSE review_id := NEW.review_id; END IF;
    SELECT r.movie_id, r.series_id INTO movie, show FROM reviews r WHERE r.id = review_id;
  END IF;
  IF movie IS NOT NULL THEN PERFORM pg_notify('bosphorus_changes', 'movie:' || movie); END IF;
  IF show IS NOT NULL THEN PERFORM pg_notify('bosphorus_changes', 'series:' || show); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_changes AFTER UPDATE OF banned_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bosphorus_notify_change('account', 'id');
CREATE TRIGGER subscriptions_changes AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION bosphorus_notify_change('account', 'user_id');
CREATE TRIGGER wishlist_changes AFTER INSERT OR UPDATE OR DELETE ON wishlist_items
  FOR EACH ROW EXECUTE FUNCTION bosphorus_notify_change('library', 'user_id');
CREATE TRIGGER follows_changes AFTER INSERT OR UPDATE OR DELETE ON series_follows
  FOR EACH ROW EXECUTE FUNCTION bosphorus_notify_change('library', 'user_id');
CREATE TRIGGER reviews_changes AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION bosphorus_notify_review_change();
CREATE TRIGGER review_replies_changes AFTER INSERT OR UPDATE OR DELETE ON review_replies
  FOR EACH ROW EXECUTE FUNCTION bosphorus_notify_review_change();
