-- The transcode workers that are alive (issue 27; modules/ingest, decision
-- 0115): every runner (the site's, each `npm run worker`) beats its row
-- every 2 s, idle or not, so the console lists who takes jobs and can say
-- when no one does. A row not seen for 10 s is a worker that stopped; a
-- clean stop deletes its row, and rows silent for an hour are removed.
CREATE TABLE media_workers (
  name text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  concurrency integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now()
);
