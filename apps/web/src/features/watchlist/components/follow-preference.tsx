import { useId } from 'react';
import { ENGLISH_SUBTITLES_TEXTS, FOLLOW_PREFERENCES, type FollowPreference } from '@bosphorus/contract';
import { useSetFollowPreference } from '../api/set-follow-preference';

// Issue 28: what a follower of a series hears about — new episodes as they
// air, only when English subtitles are ready, or both — chosen where they
// follow it (the series page, beside the bell), saved per follow. Three
// buttons, the chosen one pressed: a remote's arrows and OK reach each one
// (no native select, whose picker a TV draws on its own).

export function FollowPreferenceChoice({
  seriesId,
  title,
  preference,
}: {
  seriesId: number;
  title: string;
  preference: FollowPreference;
}) {
  const legend = useId();
  const save = useSetFollowPreference();
  // While a choice is on its way, show it chosen (the answer confirms it).
  const shown = save.isPending ? save.variables.preference : preference;
  return (
    <div className="follow-choice" role="group" aria-labelledby={legend}>
      <span id={legend} className="follow-choice__legend">
        {ENGLISH_SUBTITLES_TEXTS.preferenceLegend}
      </span>
      <div className="follow-choice__options">
        {FOLLOW_PREFERENCES.map((choice) => (
          <button
            key={choice}
            type="button"
            className="follow-choice__option"
            aria-pressed={shown === choice}
            disabled={save.isPending}
            onClick={() => {
              if (choice !== preference) save.mutate({ id: seriesId, title, preference: choice });
            }}
          >
            {ENGLISH_SUBTITLES_TEXTS.preferences[choice]}
          </button>
        ))}
      </div>
    </div>
  );
}
