-- Reviews and replies written by signed-in viewers (modules/reviews,
-- decision 0021).
--
-- spoiler: the author marked the review as giving the story away; clients
-- hide its text until the reader asks for it.
-- episode_id: a review of one episode of the series (written from the
-- episode player); NULL reviews the whole series. Movie reviews never carry
-- one. The episode must belong to the review's series: checked by the API
-- (the series id of an episode is not part of this table's key).
ALTER TABLE reviews ADD COLUMN spoiler boolean NOT NULL DEFAULT false;
ALTER TABLE reviews ADD COLUMN episode_id bigint REFERENCES episodes (id) ON DELETE CASCADE;
ALTER TABLE reviews ADD CONSTRAINT reviews_episode_of_series CHECK (episode_id IS NULL OR series_id IS NOT NULL);
CREATE INDEX reviews_episode ON reviews (episode_id) WHERE episode_id IS NOT NULL;
