import { useId, useState } from 'react';
import { PLAYBACK_TEXTS } from '@bosphorus/contract';
import { useCurrentUser } from '../../../lib/session';
import { savePlayerSettings } from '../api/save-player-settings';

// "Skip recaps and intros automatically" (issue 28): the account's setting,
// from the watch answer (the same on the server and in the browser), saved
// when changed. It applies from the next episode the player opens; never in
// the first episode of a series the viewer watches (the API decides).

export function AutoSkipSwitch({ initial }: { initial: boolean }) {
  const user = useCurrentUser();
  const [on, setOn] = useState(initial);
  const hint = useId();
  return (
    <label className="watch-auto-skip">
      <input
        type="checkbox"
        checked={on}
        aria-describedby={hint}
        onChange={(e) => {
          const next = e.currentTarget.checked;
          setOn(next);
          if (user) {
            savePlayerSettings(user.user_id, { autoSkip: next }).catch(() => setOn(!next));
          }
        }}
      />
      <span>{PLAYBACK_TEXTS.autoSkip}</span>
      <span id={hint} className="watch-auto-skip__hint">
        {PLAYBACK_TEXTS.autoSkipHint}
      </span>
    </label>
  );
}
