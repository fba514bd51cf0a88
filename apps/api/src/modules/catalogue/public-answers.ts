import { EncodedBody } from '../../lib/encoded-body.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { TtlCache } from '../../lib/ttl-cache.js';

// The catalogue's public answers this instance holds (decisions 0004, 0020,
// 0028): each shared answer serialised and compressed once, with the
// signed-in variants made from it (a viewer's own fields take a few values,
// so each combination is serialised once and kept with the shared answer).
//
// Built by app.ts beside the change feed, which is the only way an answer is
// dropped before its cache period ends: a title's change (its row, genres,
// cast, seasons, episodes, media, reviews — from any instance, the admin
// CLI or an operator's SQL, migrations 0011 and 0012) drops its detail
// answer and every list; a change shared by many titles drops everything.
// While the feed is not live, answers are computed and neither served from
// nor kept in memory.
//
// Answers hold no origin: links in them are paths or other sites' addresses,
// so one copy serves every address the site is opened at (decision 0034).

/** Cached variants of one shared answer at most (a detail answer has 2×2×2). */
export const MAX_VARIANTS = 16;

export type TitleKind = 'movie' | 'series';

/** The key of a title's detail answer. */
export const detailKey = (kind: TitleKind, id: number) => (kind === 'movie' ? `movie:${id}` : `series-detail:${id}`);
const isDetailKey = (key: string) => key.startsWith('movie:') || key.startsWith('series-detail:');

/** One shared answer: its body, its bytes, and its viewers' variants. */
export interface SharedAnswer<B = unknown> {
  readonly body: B;
  readonly json: EncodedBody;
  /**
   * The variant for one combination of a viewer's own fields (`own`: their
   * serialised values), built once and kept with the shared answer.
   */
  variant(own: string, build: () => B): EncodedBody;
}

function sharedAnswer<B>(body: B): SharedAnswer<B> {
  const variants = new Map<string, EncodedBody>();
  return {
    body,
    json: EncodedBody.of(JSON.stringify({ body })),
    variant(own, build) {
      let variant = variants.get(own);
      if (!variant) {
        variant = EncodedBody.of(JSON.stringify({ body: build() }));
        if (variants.size < MAX_VARIANTS) variants.set(own, variant);
      }
      return variant;
    },
  };
}

export function createPublicAnswers(opts: {
  /** CATALOGUE_CACHE_SECONDS; 0 computes every answer. */
  cacheSeconds: number;
  feed: Pick<ChangeFeed, 'on' | 'onReset' | 'live'>;
}) {
  const { feed } = opts;
  const cache = new TtlCache<SharedAnswer | null>(opts.cacheSeconds * 1000);
  const forgetTitle = (kind: TitleKind, id: number) => {
    cache.delete(detailKey(kind, id));
    // Cards on lists and home carry the title (its rating, its latest
    // episode): a write is rare, a cleared list costs one recomputation.
    cache.deleteWhere((key) => !isDetailKey(key));
  };
  feed.on('movie', (id) => forgetTitle('movie', id));
  feed.on('series', (id) => forgetTitle('series', id));
  feed.on('catalogue', () => cache.clear());
  feed.onReset(() => cache.clear());

  return {
    /**
     * The shared answer of `key` (null: none, a 404), computed once per
     * cache period; `compute` returns the body already parsed through its
     * schema (an allow-list), or null.
     */
    async shared<B>(key: string, compute: () => Promise<B | null>): Promise<SharedAnswer<B> | null> {
      const fill = async () => {
        const body = await compute();
        return body === null ? null : sharedAnswer(body);
      };
      return (feed.live ? cache.getOrCompute(key, fill) : fill()) as Promise<SharedAnswer<B> | null>;
    },
  };
}

export type PublicAnswers = ReturnType<typeof createPublicAnswers>;
