-- The player (modules/playback, decision 0018).
--
-- Saved positions: the player saves every few seconds, on pause and on
-- leaving, and two devices (or a retried request) may deliver out of order.
-- The client's clock at the moment the position was read decides: a save
-- with an older client_time never overwrites a newer one.
ALTER TABLE watch_history ADD COLUMN client_time bigint NOT NULL DEFAULT 0;

-- Each account's subtitle look (size, colour, background, Turkish second
-- line). The timing offset is per title and device and stays in the player.
-- Values are checked by the API's schema; unknown ones read as the default.
CREATE TABLE subtitle_settings (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  size       text NOT NULL,
  color      text NOT NULL,
  background text NOT NULL,
  dual       boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Operators read the newest reports first.
CREATE INDEX issue_reports_recent ON issue_reports (created_at DESC);
