import { Suspense, useMemo, type ReactNode } from 'react';
import { LIBRARY_TEXTS } from '@bosphorus/contract';
import { FollowChoice } from '../components/catalogue/follow-choice';
import { iconBase } from '../components/ui/icons';
import type { AnyTitleCard } from '../components/ui/title-card';
import {
  TitleActionsContext,
  type DetailActionTarget,
  type TitleActionSlots,
} from '../components/catalogue/title-actions';
import { isSubscribed, useCurrentUser } from '../lib/session';
import { lazyPart } from '../lib/lazy-part';

// Fills the title-action slots (components/catalogue/title-actions.tsx) with
// the watchlist feature's bookmark and bell, for users with a plan only
// (spec §2 Series detail, §6): visitors and user_status '0' never load the
// feature's code, so the home page's JavaScript stays as small as before
// (decision 0022; the home JS size goal of decision 0006). Their detail
// hero holds only the actions' unseen room (below).

const LazyCardBookmark = lazyPart(async () => ({
  default: (await import('../features/watchlist/components/card-bookmark')).CardBookmark,
}));
const LazyDetailActions = lazyPart(async () => ({
  default: (await import('../features/watchlist/components/detail-actions')).DetailActions,
}));

function CardSlot({ item }: { item: AnyTitleCard }) {
  return (
    <Suspense fallback={null}>
      <LazyCardBookmark item={item} />
    </Suspense>
  );
}
/**
 * The room of a subscriber's Favorites button (and a series' bell and follow
 * choice), unseen: the same boxes as the watchlist feature's, shown by the
 * stylesheet only under the start-up script's `html.subscriber`
 * (lib/auth-store.ts). The server renders a visitor's page; a stored
 * subscriber's first paint keeps this room, as does the actions' chunk on its
 * way, so the hero does not grow when they arrive (decisions 0161, 0163).
 */
function DetailRoom({ target }: { target: DetailActionTarget }) {
  return (
    <>
      <span className="btn btn--secondary detail-hero__btn detail-room" aria-hidden="true">
        <svg {...iconBase({})} />
        <span>{LIBRARY_TEXTS.watchlistLabel}</span>
      </span>
      {target.kind === 'series' ? (
        <>
          <span className="icon-btn detail-room" aria-hidden="true">
            <svg {...iconBase({})} />
          </span>
          <FollowChoice pressed={null} room />
        </>
      ) : null}
    </>
  );
}

function DetailSlot({ target }: { target: DetailActionTarget }) {
  return (
    <Suspense fallback={<DetailRoom target={target} />}>
      <LazyDetailActions target={target} />
    </Suspense>
  );
}

const SUBSCRIBER_SLOTS: TitleActionSlots = { Card: CardSlot, Detail: DetailSlot };
const NO_SLOTS: TitleActionSlots = { Detail: DetailRoom };

export function TitleActionsProvider({ children }: { children: ReactNode }) {
  const subscribed = isSubscribed(useCurrentUser());
  const slots = useMemo(() => (subscribed ? SUBSCRIBER_SLOTS : NO_SLOTS), [subscribed]);
  return <TitleActionsContext.Provider value={slots}>{children}</TitleActionsContext.Provider>;
}
