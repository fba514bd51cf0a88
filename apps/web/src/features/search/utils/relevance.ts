import { foldTurkish, type SearchBody } from '@bosphorus/contract';

// The header's results, best match first across movies and series (issue 15,
// decision 0076). The server ranks each kind on its own (title start, phrase
// in the title, in the cast, the words apart: catalogue.repository.ts); the
// answer keeps them apart (spec §7 body.movies, body.series), so the two
// lists are merged here by how the folded title (Turkish folding: ş ğ ı İ…)
// holds the folded text, each kind's own order kept inside a tier.
// "ertugrul" then lists "Diriliş: Ertuğrul" (in its title) above a movie
// that matched on its cast.

/** One row of the dropdown: 'Movie' or 'Serie', the title and its year. */
export interface SearchResult {
  key: string;
  to: string;
  kind: 'Movie' | 'Serie';
  title: string;
  year: number;
}

/** 0 best: the title is the text, starts with it, has it as whole words, inside a word, has every word, none. */
export function titleTier(title: string, foldedQuery: string): number {
  const t = foldTurkish(title);
  const q = foldedQuery;
  if (!q) return 5;
  if (t === q) return 0;
  if (t.startsWith(q + ' ') || t.startsWith(q)) return 1;
  if (` ${t} `.includes(` ${q} `)) return 2;
  if (t.includes(q)) return 3;
  const words = q.split(' ').filter(Boolean);
  if (words.every((w) => t.includes(w))) return 4;
  return 5;
}

export function rankSearchResults(body: SearchBody, query: string): SearchResult[] {
  const q = foldTurkish(query);
  const rows = [
    ...body.movies.map((m, rank) => ({
      rank,
      result: {
        key: `m${m.movie_id}`,
        to: `/moviedetail/${m.movie_id}`,
        kind: 'Movie' as const,
        title: m.movie_title,
        year: m.movie_year,
      },
    })),
    ...body.series.map((s, rank) => ({
      rank,
      result: {
        key: `s${s.serie_id}`,
        to: `/seriesdetail/${s.serie_id}`,
        kind: 'Serie' as const,
        title: s.serie_title,
        year: s.serie_year,
      },
    })),
  ].map((row) => ({ ...row, tier: titleTier(row.result.title, q) }));
  // Stable: equal tier and rank keep movies before series, as the answer lists them.
  rows.sort((a, b) => a.tier - b.tier || a.rank - b.rank);
  return rows.map((row) => row.result);
}

/**
 * Enter in the search box: the full, paged results (spec §2: the lists read
 * an optional search parameter) of the kind the best match is, series when
 * nothing is known yet (the larger part of the catalogue).
 */
export function fullResultsPath(query: string, best: SearchResult | undefined): string {
  const list = best?.kind === 'Movie' ? '/allmovies' : '/allseries';
  return `${list}?${new URLSearchParams({ search: query }).toString()}`;
}
