-- The title an upload was sent for (issue 27; modules/ingest, decision
-- 0118): tus metadata `video_type` and `video_id` at its start, so an upload
-- whose job was never made (the request failed after the last byte) is
-- listed with where it was going, and one press makes its job.
ALTER TABLE media_uploads
  ADD COLUMN video_type text CHECK (video_type IN ('movie', 'episode')),
  ADD COLUMN video_id bigint;
