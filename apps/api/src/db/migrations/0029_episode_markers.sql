-- Episode markers (issue 28; modules/markers, decisions 0125, 0126).
--
-- media_jobs gets a kind: 'transcode' (an upload made into renditions, as
-- before) or 'markers' (an episode's recap, intro, credits and preview found
-- from its audio). The same queue, so every runner takes both; a markers job
-- reads the episode's media and has no upload.
ALTER TABLE media_jobs ADD COLUMN kind text NOT NULL DEFAULT 'transcode' CHECK (kind IN ('transcode', 'markers'));
ALTER TABLE media_jobs ALTER COLUMN upload_id DROP NOT NULL;
ALTER TABLE media_jobs ADD CONSTRAINT media_jobs_kind_fits CHECK (
  (kind = 'transcode' AND upload_id IS NOT NULL) OR (kind = 'markers' AND episode_id IS NOT NULL AND upload_id IS NULL)
);

-- episode_markers: at most one stretch of each kind per episode, in seconds
-- of its media. `source` 'detected' rows are the markers job's to replace;
-- 'operator' rows (an operator's add or edit) are never touched by
-- detection. An operator's removal stays as a row with removed_at set, so a
-- later detection does not bring the marker back; nobody sees such a row.
CREATE TABLE episode_markers (
  episode_id bigint NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('recap', 'intro', 'credits', 'preview')),
  start_seconds double precision NOT NULL CHECK (start_seconds >= 0),
  end_seconds double precision NOT NULL CHECK (end_seconds > start_seconds),
  confidence real NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
  source text NOT NULL CHECK (source IN ('detected', 'operator')),
  removed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (episode_id, kind)
);

-- Each account's "Skip recaps and intros automatically" (issue 28), kept like
-- its subtitle look (subtitle_settings): one row per account, none = off.
CREATE TABLE player_preferences (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  auto_skip  boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
