-- The console's media settings (issue 27; modules/ingest, decision 0119):
-- one row. keep_originals: an upload's source file stays in
-- MEDIA_DIR/incoming after its transcode succeeded (by default it goes).
CREATE TABLE media_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  keep_originals boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO media_settings (id) VALUES (true);
