-- An episode's markers are part of its series' public answer since the
-- series page's episode list shows each episode's minutes of story (issue
-- 28: its length less recap, credits and preview). A change of
-- episode_markers (detection, an operator's edit) announces the series on
-- the change feed (decision 0028, migration 0012), so every instance drops
-- its cached series page and detail answer.
CREATE FUNCTION bosphorus_announce_episode_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  EXECUTE bosphorus_changed_ids_sql(TG_OP, 'episode_id') INTO ids;
  IF ids IS NOT NULL THEN
    PERFORM bosphorus_announce('series', (SELECT array_agg(DISTINCT e.series_id) FROM episodes e WHERE e.id = ANY (ids)));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER episode_markers_changes_insert AFTER INSERT ON episode_markers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bosphorus_announce_episode_rows();
CREATE TRIGGER episode_markers_changes_update AFTER UPDATE ON episode_markers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bosphorus_announce_episode_rows();
CREATE TRIGGER episode_markers_changes_delete AFTER DELETE ON episode_markers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bosphorus_announce_episode_rows();
