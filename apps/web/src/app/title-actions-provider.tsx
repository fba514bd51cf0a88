import { Suspense, useMemo, type ReactNode } from 'react';
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
// (spec §2 Series detail, §6): visitors and user_status '0' get empty slots
// and never load the feature's code, so the home page's JavaScript stays as
// small as before (decision 0022; the home JS size goal of decision 0006).

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
function DetailSlot({ target }: { target: DetailActionTarget }) {
  return (
    <Suspense fallback={null}>
      <LazyDetailActions target={target} />
    </Suspense>
  );
}

const SUBSCRIBER_SLOTS: TitleActionSlots = { Card: CardSlot, Detail: DetailSlot };
const NO_SLOTS: TitleActionSlots = {};

export function TitleActionsProvider({ children }: { children: ReactNode }) {
  const subscribed = isSubscribed(useCurrentUser());
  const slots = useMemo(() => (subscribed ? SUBSCRIBER_SLOTS : NO_SLOTS), [subscribed]);
  return <TitleActionsContext.Provider value={slots}>{children}</TitleActionsContext.Provider>;
}
