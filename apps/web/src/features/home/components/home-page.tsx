import { Suspense, useEffect } from 'react';
import { warmDetailPagesWhenIdle } from '../../../lib/page-warmer';
import { isSubscribed, useCurrentUser } from '../../../lib/session';
import { rememberContinueRows } from '../../../lib/auth-store';
import { useHome } from '../api/get-home';
import { HeroSlider } from './hero-slider';
import { HomeError } from './home-error';
import { HomeRows } from './home-rows';
import { ContinueRowsSkeleton, HeroSkeleton, RowsSkeleton } from './home-skeleton';
import { WelcomeSection } from './welcome-section';
import { lazyPart } from '../../../lib/lazy-part';
import '../home.css';

// Continue Watching and Next Up (decision 0024): a chunk of its own, fetched
// only for a signed-in subscriber, so the visitor's home JavaScript is unchanged.
const ContinueRows = lazyPart(() => import('./continue-rows'));

// Spec §2 Home: hero slider, welcome for visitors, then the rows in HOME_ROWS'
// order (the contract's home-rows.ts).

/** The page's heading, for screen readers and search engines (the hero is its visible title). */
const HOME_HEADING = 'Bosphorus: Turkish series and movies with English subtitles';

/** A signed-in viewer without a plan has no rows of their own: none keep room. */
function ForgetContinueRows() {
  useEffect(() => rememberContinueRows({ continueWatching: false, nextUp: false }), []);
  return null;
}

export function HomePage() {
  const user = useCurrentUser();
  const home = useHome();
  // A card's detail page is the likely next page: its code comes while home is idle.
  useEffect(() => warmDetailPagesWhenIdle(), []);
  const data = home.data;

  return (
    <main id="main" className="home">
      <h1 className="visually-hidden">{HOME_HEADING}</h1>
      {data ? (
        // The visitor's answer kept on screen until the viewer's own arrives
        // says nothing of their plan: Watch Now then leaves it to the player
        // (lib/watch-now.ts), as a detail page does.
        <HeroSlider sliders={data.sliders} canPlay={home.isPlaceholderData ? null : data.canPlay} />
      ) : home.isPending ? (
        <HeroSkeleton />
      ) : null}
      {user ? null : <WelcomeSection />}
      {user === null ? (
        // The server's page and its hydration: the room of a subscriber's own rows (decision 0109).
        <ContinueRowsSkeleton />
      ) : isSubscribed(user) ? (
        <Suspense fallback={<ContinueRowsSkeleton />}>
          <ContinueRows userId={user.user_id} />
        </Suspense>
      ) : (
        <ForgetContinueRows />
      )}
      {data ? (
        <HomeRows home={data} />
      ) : home.isPending ? (
        <>
          <span className="visually-hidden" role="status">
            Loading
          </span>
          <RowsSkeleton />
        </>
      ) : (
        <HomeError onRetry={() => void home.refetch()} retrying={home.isFetching} />
      )}
    </main>
  );
}
