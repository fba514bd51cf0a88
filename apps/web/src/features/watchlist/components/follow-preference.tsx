import type { FollowPreference } from '@bosphorus/contract';
import { FollowChoice } from '../../../components/catalogue/follow-choice';
import { useSetFollowPreference } from '../api/set-follow-preference';

// The follow's choice (issue 28) on the series page, saved per follow at
// each press. A viewer who does not follow the series yet follows it with
// the choice they press (the call follows; decision 0163).

export function FollowPreferenceChoice({
  seriesId,
  title,
  preference,
}: {
  seriesId: number;
  title: string;
  /** The follow's choice; null while the viewer does not follow. */
  preference: FollowPreference | null;
}) {
  const save = useSetFollowPreference();
  // While a choice is on its way, show it chosen (the answer confirms it).
  return (
    <FollowChoice
      pressed={save.isPending ? save.variables.preference : preference}
      busy={save.isPending}
      onChoose={(choice) => save.mutate({ id: seriesId, title, preference: choice })}
    />
  );
}
