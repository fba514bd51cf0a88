-- "English subtitles are ready" (issue 28; modules/library, modules/notifications,
-- modules/catalogue; decisions 0130, 0131, 0132).
--
-- What a follow tells about: 'new_episodes' (as they air), 'english_subtitles'
-- (only when an episode's English track is out) or 'both'. Follows made
-- before this migration keep today's behaviour (ADD COLUMN fills them with
-- 'new_episodes'); a new follow hears of English subtitles
-- (DEFAULT_FOLLOW_PREFERENCE in packages/contract: keep both the same).
ALTER TABLE series_follows
  ADD COLUMN notify text NOT NULL DEFAULT 'new_episodes'
    CHECK (notify IN ('new_episodes', 'english_subtitles', 'both'));
ALTER TABLE series_follows ALTER COLUMN notify SET DEFAULT 'english_subtitles';

-- A notification tells of a new episode or of its English subtitles. The
-- guard of "exactly once" (migration 0008) becomes one of each kind per user
-- and episode: every path that announces (the scheduler, publishing, a
-- subtitle upload, re-uploads, any number of instances) inserts ON CONFLICT
-- DO NOTHING against it.
ALTER TABLE notifications
  ADD COLUMN kind text NOT NULL DEFAULT 'episode' CHECK (kind IN ('episode', 'english_subtitles'));
ALTER TABLE notifications DROP CONSTRAINT notifications_user_episode;
ALTER TABLE notifications ADD CONSTRAINT notifications_user_episode_kind UNIQUE (user_id, episode_id, kind);

-- When a track was first stored: a replaced file keeps it (the UPDATE of
-- putSubtitleTrack), so a re-upload is not news. An episode's English track
-- "came out" at the later of this and the episode's published_at (home's
-- "New with English subtitles"). Tracks stored before this migration have
-- none: they came out long ago.
ALTER TABLE subtitle_tracks ADD COLUMN created_at timestamptz;
ALTER TABLE subtitle_tracks ALTER COLUMN created_at SET DEFAULT now();
CREATE INDEX subtitle_tracks_english_episodes ON subtitle_tracks (created_at)
  WHERE language = 'en' AND episode_id IS NOT NULL;
