-- Episode publishing and new-episode notifications (modules/notifications,
-- decision 0023).
--
-- An episode is announced once, when its published_at has passed: every
-- follower of the series (series_follows) gets one notification. It counts
-- as announced when announced_at is at or after published_at. The default
-- makes a row inserted already out (an import, the seeds, a test factory)
-- count as announced at once, and one inserted for later (scheduled) count
-- as not yet announced; rescheduling an episode later makes it due again.
-- ADD COLUMN with a stable default fills existing rows with the migration's
-- time: episodes out now count as announced, scheduled ones will be.
ALTER TABLE episodes ADD COLUMN announced_at timestamptz DEFAULT now();

-- What the publishing scheduler looks for (published_at <= now() on this
-- small partial index; the predicate is the query's, word for word).
CREATE INDEX episodes_to_announce ON episodes (published_at, id)
  WHERE announced_at IS NULL OR announced_at < published_at;

-- The final guard of "exactly once": one notification per user and episode,
-- whatever number of instances, restarts or operator commands race.
ALTER TABLE notifications ADD CONSTRAINT notifications_user_episode UNIQUE (user_id, episode_id);

-- The bell's unread count.
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- A browser's push subscription belongs to whoever signed in last on it.
CREATE INDEX push_devices_token ON push_devices (md5(token));
