import type { createBrowserRouter } from 'react-router';
import { isSmartTv } from '../lib/smart-tv';
import { installSpatialNavigation, pageChanged } from '../lib/spatial-nav';

// TV mode and the remote (issue 14, decision 0049). Runs in main.tsx before
// React draws anything: the `tv` class on <html> selects the ten-foot layout
// (global.css "Ten feet away") before the first frame with content, and the
// arrows, Enter and Back work from the first key press, on TVs and desktops.

type Router = ReturnType<typeof createBrowserRouter>;

export function startTvMode(router: Router): void {
  const tv = isSmartTv();
  if (tv) document.documentElement.classList.add('tv');
  installSpatialNavigation({ tv, navigateHome: () => void router.navigate('/') });
  // A new page (not a new filter or page number in the address): focus goes
  // to its entry in TV mode once it is drawn.
  let path = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.pathname === path) return;
    path = state.location.pathname;
    pageChanged();
  });
}
