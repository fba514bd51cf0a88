-- Every catalogue write announces itself on the change feed (decision 0028,
-- its addendum on the catalogue): titles, their genres and cast, seasons,
-- episodes (publishing included), media renditions, subtitle tracks and
-- markers, from a route, the admin CLI or an operator's SQL. Each instance
-- drops its cached public answers of the title (and the lists and home that
-- show it) when it hears the change.
--
-- Payloads, added to migration 0011's:
--   movie:<id>       movies, movie_genres, movie_cast, a movie's media
--   series:<id>      series, series_genres, series_cast, seasons, episodes,
--                    an episode's media
--   catalogue:0      genres, people, promotions (shared by many titles), and
--                    any statement that changed more than 100 titles at once
--                    (a seed, a bulk import): every public answer is dropped
--
-- Statement-level triggers with transition tables: a statement announces
-- each title it changed once, and a bulk load costs one notification, not
-- one trigger call per row.

CREATE FUNCTION bosphorus_announce(kind text, ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  id bigint;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('bosphorus_changes', 'catalogue:0');
    RETURN;
  END IF;
  FOREACH id IN ARRAY ids LOOP
    PERFORM pg_notify('bosphorus_changes', kind || ':' || id);
  END LOOP;
END $$;

-- The ids in one column of the statement's rows, old and new (the
-- transition tables are visible to the trigger function itself only).
CREATE FUNCTION bosphorus_changed_ids_sql(op text, col text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN format('SELECT array_agg(DISTINCT %I) FROM new_rows WHERE %I IS NOT NULL', col, col)
    WHEN 'DELETE' THEN format('SELECT array_agg(DISTINCT %I) FROM old_rows WHERE %I IS NOT NULL', col, col)
    ELSE format('SELECT array_agg(DISTINCT v) FROM (SELECT %I AS v FROM new_rows UNION SELECT %I FROM old_rows) AS c
                  WHERE v IS NOT NULL', col, col)
  END
$$;

-- TG_ARGV: the kind, then the column that holds the title's id.
CREATE FUNCTION bosphorus_announce_titles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  EXECUTE bosphorus_changed_ids_sql(TG_OP, TG_ARGV[1]) INTO ids;
  PERFORM bosphorus_announce(TG_ARGV[0], ids);
  RETURN NULL;
END $$;

-- Media rows name a movie or an episode; an episode's change is its series'.
CREATE FUNCTION bosphorus_announce_media() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  EXECUTE bosphorus_changed_ids_sql(TG_OP, 'movie_id') INTO ids;
  PERFORM bosphorus_announce('movie', ids);
  EXECUTE bosphorus_changed_ids_sql(TG_OP, 'episode_id') INTO ids;
  IF ids IS NOT NULL THEN
    PERFORM bosphorus_announce('series', (SELECT array_agg(DISTINCT e.series_id) FROM episodes e WHERE e.id = ANY (ids)));
  END IF;
  RETURN NULL;
END $$;

-- Shared by many titles: every public answer (a statement that changed no
-- row announces nothing).
CREATE FUNCTION bosphorus_announce_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN changed := EXISTS (SELECT 1 FROM new_rows);
  ELSE changed := EXISTS (SELECT 1 FROM old_rows); END IF;
  IF changed THEN PERFORM pg_notify('bosphorus_changes', 'catalogue:0'); END IF;
  RETURN NULL;
END $$;

-- Three triggers a table (a trigger with transition tables has one event).
DO $$
DECLARE
  spec text[];
  op text;
  refs text;
BEGIN
  FOREACH spec SLICE 1 IN ARRAY ARRAY[
    ['movies', 'bosphorus_announce_titles(''movie'', ''id'')'],
    ['movie_genres', 'bosphorus_announce_titles(''movie'', ''movie_id'')'],
    ['movie_cast', 'bosphorus_announce_titles(''movie'', ''movie_id'')'],
    ['series', 'bosphorus_announce_titles(''series'', ''id'')'],
    ['series_genres', 'bosphorus_announce_titles(''series'', ''series_id'')'],
    ['series_cast', 'bosphorus_announce_titles(''series'', ''series_id'')'],
    ['seasons', 'bosphorus_announce_titles(''series'', ''series_id'')'],
    ['episodes', 'bosphorus_announce_titles(''series'', ''series_id'')'],
    ['media_renditions', 'bosphorus_announce_media()'],
    ['subtitle_tracks', 'bosphorus_announce_media()'],
    ['media_markers', 'bosphorus_announce_media()'],
    ['genres', 'bosphorus_announce_catalogue()'],
    ['people', 'bosphorus_announce_catalogue()'],
    ['promotions', 'bosphorus_announce_catalogue()']
  ] LOOP
    FOREACH op IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      refs := CASE op
        WHEN 'INSERT' THEN 'REFERENCING NEW TABLE AS new_rows'
        WHEN 'DELETE' THEN 'REFERENCING OLD TABLE AS old_rows'
        ELSE 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows' END;
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I %s FOR EACH STATEMENT EXECUTE FUNCTION %s',
        spec[1] || '_changes_' || lower(op), op, spec[1], refs, spec[2]);
    END LOOP;
  END LOOP;
END $$;
