-- Search reads narrow copies of the titles: what the search filters and
-- ranking need, and nothing else. On a large catalogue a common word has a
-- thousand hits, and each one is a heap visit plus a LIKE recheck; the wide
-- title rows (descriptions, image paths, trailer) fill three times the pages
-- the copies do, and the hits of one word touched a third more of them
-- (944 against 700 for `love` on 100,000 titles). titles_end is where the
-- titles end in search_text (the ' | ' before the cast names), stored so
-- ranking does not look for it per hit.
--
-- The copies follow their title by trigger (insert, and update of a copied
-- column) and go with it by cascade, so nothing that writes a title has to
-- know they exist.

CREATE TABLE series_search (
  id          bigint PRIMARY KEY REFERENCES series (id) ON DELETE CASCADE,
  published   boolean NOT NULL,
  year        smallint NOT NULL,
  status      text NOT NULL,
  popularity  integer NOT NULL,
  titles_end  integer NOT NULL,
  sort_key    text NOT NULL,
  search_text text NOT NULL
);

CREATE TABLE movie_search (
  id          bigint PRIMARY KEY REFERENCES movies (id) ON DELETE CASCADE,
  published   boolean NOT NULL,
  year        smallint NOT NULL,
  popularity  integer NOT NULL,
  titles_end  integer NOT NULL,
  sort_key    text NOT NULL,
  search_text text NOT NULL
);

-- Where the titles end in a search text; past the end when it has no cast.
CREATE FUNCTION search_titles_end(search_text text) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT
  RETURN COALESCE(NULLIF(strpos(search_text, ' | '), 0), 2147483647);

CREATE FUNCTION series_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO series_search (id, published, year, status, popularity, titles_end, sort_key, search_text)
  VALUES (NEW.id, NEW.published, NEW.year, NEW.status, NEW.popularity, search_titles_end(NEW.search_text),
          NEW.sort_key, NEW.search_text)
  ON CONFLICT (id) DO UPDATE SET
    published = EXCLUDED.published, year = EXCLUDED.year, status = EXCLUDED.status,
    popularity = EXCLUDED.popularity, titles_end = EXCLUDED.titles_end, sort_key = EXCLUDED.sort_key,
    search_text = EXCLUDED.search_text;
  RETURN NULL;
END
$$;

CREATE FUNCTION movie_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO movie_search (id, published, year, popularity, titles_end, sort_key, search_text)
  VALUES (NEW.id, NEW.published, NEW.year, NEW.popularity, search_titles_end(NEW.search_text),
          NEW.sort_key, NEW.search_text)
  ON CONFLICT (id) DO UPDATE SET
    published = EXCLUDED.published, year = EXCLUDED.year, popularity = EXCLUDED.popularity,
    titles_end = EXCLUDED.titles_end, sort_key = EXCLUDED.sort_key, search_text = EXCLUDED.search_text;
  RETURN NULL;
END
$$;

CREATE TRIGGER series_search_sync
  AFTER INSERT OR UPDATE OF published, year, status, popularity, sort_key, search_text ON series
  FOR EACH ROW EXECUTE FUNCTION series_search_sync();

CREATE TRIGGER movie_search_sync
  AFTER INSERT OR UPDATE OF published, year, popularity, sort_key, search_text ON movies
  FOR EACH ROW EXECUTE FUNCTION movie_search_sync();

INSERT INTO series_search (id, published, year, status, popularity, titles_end, sort_key, search_text)
SELECT id, published, year, status, popularity, search_titles_end(search_text), sort_key, search_text FROM series;

INSERT INTO movie_search (id, published, year, popularity, titles_end, sort_key, search_text)
SELECT id, published, year, popularity, search_titles_end(search_text), sort_key, search_text FROM movies;

-- The trigram indexes move to the copies: only search reads search_text.
DROP INDEX series_search_trgm;
DROP INDEX movies_search_trgm;
CREATE INDEX series_search_text_trgm ON series_search USING gin (search_text gin_trgm_ops);
CREATE INDEX movie_search_text_trgm ON movie_search USING gin (search_text gin_trgm_ops);
