import { HOME_ROWS, type HomeBody, type HomeRow as HomeRowSpec, type LatestEpisode } from '@bosphorus/contract';
import { Carousel, type SeeAll } from '../../../components/ui/carousel';
import type { CarouselCap } from '../../../components/ui/carousel-layout';
import { RowOnFirstScreenContext } from '../../../components/ui/slide-images';
import { movieItem, seriesItem, TitleCard, type AnyTitleCard } from '../../../components/ui/title-card';
import { LatestEpisodeCard } from './latest-episode-card';
import { SkeletonRows } from './home-skeleton';
import { Suspense, useContext, type ReactNode } from 'react';

// Spec §2 Home rows, in HOME_ROWS' order (the contract's home-rows.ts), with
// the §9 slide counts: top rows 1–5 per view by width, the recent rows and
// the episode rows at most their table's limit.
//
// Each row ends with "See all", its list (decision 0070): the series rows
// /allseries, the movie rows /allmovies (the lists have no popularity order,
// so Top and Recent lead to the same list, whose default order is newest
// first), the latest episodes the ongoing series (where new episodes come).
export const ROW_LISTS = {
  series: { to: '/allseries', shape: 'poster' },
  movies: { to: '/allmovies', shape: 'poster' },
  latestEpisodes: { to: '/allseries?status=ongoing', shape: 'wide' },
} as const satisfies Record<string, SeeAll>;

// The row's region holds only its cards as links (one link per title).
function RowHeading({ label }: { label: string }) {
  return (
    <div className="home-row__heading">
      <h2 className="row__title">{label}</h2>
    </div>
  );
}

interface HomeRowProps {
  label: string;
  seeAll: SeeAll;
  maxSlides?: CarouselCap;
  children: ReactNode[];
}

/** One of home's rows: its heading and its cards in a carousel (the §9 slide table), ending with "See all". */
export function HomeRow({ label, seeAll, maxSlides, children }: HomeRowProps) {
  return (
    <div className="home-row">
      <Carousel label={label} table="top" maxSlides={maxSlides} heading={<RowHeading label={label} />} seeAll={seeAll}>
        {children}
      </Carousel>
    </div>
  );
}

/** A row of wide episode cards: Latest episodes, New with English subtitles. */
function EpisodeRow({
  label,
  episodes,
  maxSlides,
}: {
  label: string;
  episodes: LatestEpisode[];
  maxSlides?: CarouselCap;
}) {
  return (
    <HomeRow label={label} seeAll={ROW_LISTS.latestEpisodes} maxSlides={maxSlides}>
      {episodes.map((episode) => (
        <LatestEpisodeCard key={episode.episode_id} episode={episode} />
      ))}
    </HomeRow>
  );
}

interface TitleRowProps {
  label: string;
  items: AnyTitleCard[];
  seeAll: SeeAll;
  maxSlides?: CarouselCap;
}

/**
 * The first row's first posters are fetched with the document, not when the
 * browser's lazy loading reaches them: on a phone the row starts below the
 * first screen (under the hero and the welcome), where lazy loading waits
 * for layout and a slow link's other files. Its first whole card and the
 * one that peeks (decision 0094); at the default priority, after the
 * hero's cover (the page's largest picture) and before the app's scripts.
 */
const FIRST_ROW_EAGER_POSTERS = 2;

function TitleRow({ label, items, seeAll, maxSlides }: TitleRowProps) {
  const firstRow = useContext(RowOnFirstScreenContext);
  return (
    <HomeRow label={label} seeAll={seeAll} maxSlides={maxSlides}>
      {items.map((item, i) => (
        <TitleCard
          key={item.kind === 'series' ? `s${item.serie_id}` : `m${item.movie_id}`}
          item={item}
          eager={firstRow && i < FIRST_ROW_EAGER_POSTERS}
        />
      ))}
    </HomeRow>
  );
}

/**
 * Each row is a part of its own for hydration (decision 0107): React takes
 * the server's rows over one by one, the one the viewer touches first, so a
 * phone's main thread is never held by the whole page at once. The fallback
 * (a skeleton of the row's size) shows only if a row's code is still on its
 * way; an empty row is not drawn.
 */
function RowPart({ row, children }: { row: number; children: ReactNode }) {
  return <Suspense fallback={<SkeletonRows from={row} to={row + 1} />}>{children}</Suspense>;
}

/** A row of the table, drawn from the home answer: its cards by their kind. */
function Row({ row, home }: { row: HomeRowSpec; home: HomeBody }) {
  switch (row.kind) {
    case 'series':
      return (
        <TitleRow
          label={row.label}
          items={home[row.key].map(seriesItem)}
          seeAll={ROW_LISTS.series}
          maxSlides={row.limit}
        />
      );
    case 'movies':
      return (
        <TitleRow
          label={row.label}
          items={home[row.key].map(movieItem)}
          seeAll={ROW_LISTS.movies}
          maxSlides={row.limit}
        />
      );
    case 'episodes':
      return <EpisodeRow label={row.label} episodes={home[row.key]} maxSlides={row.limit} />;
  }
}

/** Home's rows in HOME_ROWS' order; a row the answer has no cards for is not drawn. */
export function HomeRows({ home }: { home: HomeBody }) {
  // The first row drawn is on the first screen, under the hero: its pictures
  // are in the server's HTML (decision 0108); the others' come once near.
  const first = HOME_ROWS.findIndex((row) => home[row.key].length > 0);
  return (
    <div className="home__rows">
      {HOME_ROWS.map((row, i) =>
        home[row.key].length > 0 ? (
          <RowOnFirstScreenContext.Provider key={row.key} value={i === first}>
            <RowPart row={i}>
              <Row row={row} home={home} />
            </RowPart>
          </RowOnFirstScreenContext.Provider>
        ) : null,
      )}
    </div>
  );
}
