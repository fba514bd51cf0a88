import { foldTurkish, turkishSortKey } from '@bosphorus/contract';
import type { Queryable } from '../client.js';

// Derived catalogue columns, recomputed after the catalogue changes (seed,
// import): the folded search text (titles, original and alternative names,
// then cast names — titles first so a title hit ranks above a cast hit), the
// Turkish sort key, and the dense list ranks that make deep pages cheap.

type Kind = 'series' | 'movies';
const CAST = { series: ['series_cast', 'series_id'], movies: ['movie_cast', 'movie_id'] } as const;

export function buildSearchText(titles: string[], castNames: string[]) {
  // Folded apart: folding turns punctuation into spaces and would erase the
  // ' | ' that tells the repository where the titles end.
  const cast = foldTurkish(castNames.join(' '));
  const text = foldTurkish([...new Set(titles)].join(' '));
  return cast ? `${text} | ${cast}` : text;
}

export async function rebuildSearchText(db: Queryable, kind: Kind) {
  const [castTable, fk] = CAST[kind];
  const rows = await db.query<{
    id: number;
    title: string;
    original_title: string;
    alt_titles: string[];
    cast_names: string[];
  }>(
    `SELECT t.id, t.title, t.original_title, t.alt_titles,
       COALESCE(array_agg(p.name ORDER BY c.position) FILTER (WHERE p.id IS NOT NULL), '{}') AS cast_names
     FROM ${kind} t LEFT JOIN ${castTable} c ON c.${fk} = t.id LEFT JOIN people p ON p.id = c.person_id
     GROUP BY t.id`,
  );
  const ids = rows.map((r) => r.id);
  const texts = rows.map((r) => buildSearchText([r.title, r.original_title, ...r.alt_titles], r.cast_names));
  const keys = rows.map((r) => turkishSortKey(r.title));
  await db.query(
    `UPDATE ${kind} t SET search_text = u.search_text, sort_key = u.sort_key
     FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(id, search_text, sort_key)
     WHERE t.id = u.id`,
    [ids, texts, keys],
  );
}

export async function refreshRanks(db: Queryable, kind: Kind) {
  await db.query(
    `UPDATE ${kind} t SET az_rank = r.az, recent_rank = r.recent
     FROM (SELECT id,
             row_number() OVER (ORDER BY sort_key COLLATE "C", id) AS az,
             row_number() OVER (ORDER BY year DESC, created_at DESC, id DESC) AS recent
           FROM ${kind} WHERE published) r
     WHERE t.id = r.id AND (t.az_rank IS DISTINCT FROM r.az OR t.recent_rank IS DISTINCT FROM r.recent)`,
  );
  await db.query(`UPDATE ${kind} SET az_rank = NULL, recent_rank = NULL WHERE NOT published AND az_rank IS NOT NULL`);
}

export async function refreshCatalogueIndex(db: Queryable) {
  for (const kind of ['series', 'movies'] as const) {
    await rebuildSearchText(db, kind);
    await refreshRanks(db, kind);
  }
}
