-- What the operator set on a subtitle track (issue 27; modules/ingest,
-- decision 0117): the whole-file offset its cues are shifted by (kept when
-- the file is replaced, unless the operator clears it), and the name of the
-- file it was read from (for the audit log's "replaced").
ALTER TABLE subtitle_tracks
  ADD COLUMN offset_ms integer NOT NULL DEFAULT 0,
  ADD COLUMN source_name text;
