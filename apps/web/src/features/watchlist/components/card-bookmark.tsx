import { LIBRARY_TEXTS } from '@bosphorus/contract';
import type { AnyTitleCard } from '../../../components/ui/title-card';
import { savedKey, useWishlist } from '../api/get-wishlist';
import { useToggleWishlist } from '../api/toggle-wishlist';
import { BookmarkIcon } from './toggle-icons';
import '../watchlist.css';

// The bookmark over a card's poster (home rows, lists, recommendations,
// Favorites) for users with a plan. Its state is the viewer's wishlist
// query, shared by every card on the page and updated on each press.

export function CardBookmark({ item }: { item: AnyTitleCard }) {
  const { data } = useWishlist();
  const toggle = useToggleWishlist();
  const kind = item.kind;
  const id = kind === 'series' ? item.serie_id : item.movie_id;
  const title = kind === 'series' ? item.serie_title : item.movie_title;
  const year = kind === 'series' ? item.serie_year : item.movie_year;
  const key = savedKey(kind, id);
  const saved = data?.some((s) => (s.type === 'movie' ? `m${s.movie_id}` : `s${s.serie_id}`) === key) ?? false;
  return (
    <button
      type="button"
      className="bookmark-btn bookmark-btn--card"
      aria-pressed={saved}
      aria-label={LIBRARY_TEXTS.watchlistFor(title)}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ kind, id, title, year, saved })}
    >
      <BookmarkIcon filled={saved} />
    </button>
  );
}
