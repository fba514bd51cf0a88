import { useId } from 'react';
import { ENGLISH_SUBTITLES_TEXTS, FOLLOW_PREFERENCES, type FollowPreference } from '@bosphorus/contract';

// Issue 28: what a follower of a series hears about (new episodes as they
// air, only when English subtitles are ready, or both), chosen on the series
// page under the bell. Three buttons, the chosen one pressed: a remote's
// arrows and OK reach each one (no native select, whose picker a TV draws on
// its own). Offered to every viewer with a plan, none pressed while they do
// not follow: a choice follows (decisions 0130, 0163).
//
// The boxes only; the watchlist feature's FollowPreferenceChoice saves a
// press, and app/title-actions-provider.tsx draws the same boxes unseen as
// the room they keep before the feature's code is in (decision 0161).

export function FollowChoice({
  pressed,
  busy = false,
  onChoose,
  room = false,
}: {
  /** The follow's choice; null while the viewer does not follow. */
  pressed: FollowPreference | null;
  /** A choice on its way: the buttons wait for its answer. */
  busy?: boolean;
  onChoose?: (choice: FollowPreference) => void;
  /** The unseen copy that keeps the choice's room (`detail-room`, detail.css). */
  room?: boolean;
}) {
  const legend = useId();
  return (
    <div
      className={room ? 'follow-choice detail-room' : 'follow-choice'}
      {...(room ? { 'aria-hidden': true } : { role: 'group', 'aria-labelledby': legend })}
    >
      <span id={legend} className="follow-choice__legend">
        {ENGLISH_SUBTITLES_TEXTS.preferenceLegend}
      </span>
      <div className="follow-choice__options">
        {FOLLOW_PREFERENCES.map((choice) => (
          <button
            key={choice}
            type="button"
            className="follow-choice__option"
            aria-pressed={pressed === choice}
            disabled={busy || room}
            onClick={onChoose && choice !== pressed ? () => onChoose(choice) : undefined}
          >
            {ENGLISH_SUBTITLES_TEXTS.preferences[choice]}
          </button>
        ))}
      </div>
    </div>
  );
}
