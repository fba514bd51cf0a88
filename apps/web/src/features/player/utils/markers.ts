import type { EpisodeMarker, PlayerMarker } from '@bosphorus/contract';

// An episode's markers on the watch page (issue 28): what the player is
// told in 'init', and a saved position that falls inside a recap or an
// intro resuming after it.

export const toPlayerMarkers = (markers: readonly EpisodeMarker[]): PlayerMarker[] =>
  markers.map((m) => ({ kind: m.kind, start: m.start_seconds, end: m.end_seconds }));

/** A resume position inside a recap or an intro moves to its end (0 stays 0: nothing to resume). */
export function resumeAfterMarkers(seconds: number, markers: readonly EpisodeMarker[]): number {
  if (seconds <= 0) return seconds;
  const inside = markers.find(
    (m) => (m.kind === 'recap' || m.kind === 'intro') && seconds >= m.start_seconds && seconds < m.end_seconds,
  );
  return inside ? Math.ceil(inside.end_seconds) : seconds;
}
