import { createContext, useContext, type ComponentType } from 'react';
import type { FollowPreference } from '@bosphorus/contract';
import type { AnyTitleCard } from '../ui/title-card';

// Slots for the viewer's own actions on titles (the watchlist bookmark, the
// series bell; spec §2 Movie/Series detail, §6). Features never import each
// other: app/ fills these slots (app/title-actions-provider.tsx) and the
// cards and detail pages render whatever is there. For visitors and users
// without a plan the card slot is empty and the detail slot holds only the
// actions' unseen room (app/title-actions-provider.tsx).

/** The title a detail page shows, with the viewer's flags from its answer. */
export type DetailActionTarget =
  | { kind: 'movie'; id: number; title: string; year: number; isWishlist: boolean }
  | {
      kind: 'series';
      id: number;
      title: string;
      year: number;
      isWishlist: boolean;
      isNotificationOn: boolean;
      /** What the follow tells about (issue 28), while it is on. */
      notificationPreference?: FollowPreference;
    };

export interface TitleActionSlots {
  /** Over a card's poster, beside (never inside) the card's link. */
  Card?: ComponentType<{ item: AnyTitleCard }>;
  /** In the detail hero's actions, after Watch Now and Play Trailer. */
  Detail?: ComponentType<{ target: DetailActionTarget }>;
}

const NO_SLOTS: TitleActionSlots = {};
export const TitleActionsContext = createContext<TitleActionSlots>(NO_SLOTS);

export function useTitleActions(): TitleActionSlots {
  return useContext(TitleActionsContext);
}
