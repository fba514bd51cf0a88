-- Filtered list pages (issue 15, decision 0078): one statement counts a
-- filter's matches and gathers their ids in list order (recent_rank, or
-- az_rank for A-Z / Z-A), slicing the page out of them. These indexes carry
-- the ranks and the filtered columns beside the id of every published title,
-- so that pass reads the index alone (no visit to the wide title rows, which
-- hold descriptions and trailers) whatever the page number.
CREATE INDEX series_list_ranks ON series (id) INCLUDE (recent_rank, az_rank, year, status) WHERE published;
CREATE INDEX movies_list_ranks ON movies (id) INCLUDE (recent_rank, az_rank, year) WHERE published;
