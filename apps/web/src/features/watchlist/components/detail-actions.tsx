import { LIBRARY_TEXTS } from '@bosphorus/contract';
import type { DetailActionTarget } from '../../../components/catalogue/title-actions';
import { useToggleNotifications } from '../api/toggle-notifications';
import { useToggleWishlist } from '../api/toggle-wishlist';
import { DEFAULT_FOLLOW_PREFERENCE } from '@bosphorus/contract';
import { FollowPreferenceChoice } from './follow-preference';
import { BellToggleIcon, BookmarkIcon } from './toggle-icons';
import '../watchlist.css';

// Spec §2 Movie detail / Series detail: the watchlist bookmark and, on a
// series, the notification bell, for users with a plan (app/ fills the slot
// only for them). The state is the detail answer's is_wishlist /
// is_notification_on, which each press updates from the answer's message.
// A series also offers the follow's choice (issue 28): new episodes,
// English subtitles, or both; none pressed while the viewer does not follow
// (decision 0163).

export function DetailActions({ target }: { target: DetailActionTarget }) {
  const wishlist = useToggleWishlist();
  const bell = useToggleNotifications();
  const { kind, id, title, year, isWishlist } = target;
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary detail-hero__btn bookmark-btn"
        aria-pressed={isWishlist}
        aria-label={LIBRARY_TEXTS.watchlistFor(title)}
        disabled={wishlist.isPending}
        onClick={() => wishlist.mutate({ kind, id, title, year, saved: isWishlist })}
      >
        <BookmarkIcon filled={isWishlist} />
        <span aria-hidden="true">{LIBRARY_TEXTS.watchlistLabel}</span>
      </button>
      {target.kind === 'series' ? (
        <button
          type="button"
          className="icon-btn bell-btn"
          aria-pressed={target.isNotificationOn}
          aria-label={LIBRARY_TEXTS.notificationsLabel(title)}
          title={LIBRARY_TEXTS.notificationsLabel(title)}
          disabled={bell.isPending}
          onClick={() => bell.mutate({ id, title, on: target.isNotificationOn })}
        >
          <BellToggleIcon filled={target.isNotificationOn} />
        </button>
      ) : null}
      {target.kind === 'series' ? (
        <FollowPreferenceChoice
          seriesId={id}
          title={title}
          preference={target.isNotificationOn ? (target.notificationPreference ?? DEFAULT_FOLLOW_PREFERENCE) : null}
        />
      ) : null}
    </>
  );
}
