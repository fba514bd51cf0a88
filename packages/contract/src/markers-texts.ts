// Episode markers' constants and texts (issue 28), apart from the schemas
// in markers.ts so the pages that show them carry no zod (decision 0093).

export const MARKER_KINDS = ['recap', 'intro', 'credits', 'preview'] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];
export const MARKER_SOURCES = ['detected', 'operator'] as const;
export type MarkerSource = (typeof MARKER_SOURCES)[number];

/** A marker below this confidence is shown to operators as one to check. */
export const UNSURE_MARKER_CONFIDENCE = 0.6;

/** The longest media a marker may sit in (seconds): six hours. */
export const MAX_MARKER_SECONDS = 6 * 3600;

/**
 * An episode's minutes of story: its length less its recap, credits and
 * preview (`notStorySeconds`, summed by the API); null without such markers.
 * Both episode lists (the series page's and the player's) read it as
 * `story_minutes` and show it with `MARKERS_TEXTS.ofStory`.
 */
export function storyMinutes(durationMinutes: number, notStorySeconds: number | undefined): number | null {
  if (!notStorySeconds || !(durationMinutes > 0)) return null;
  return Math.max(1, Math.round(durationMinutes - notStorySeconds / 60));
}

export const MARKERS_TEXTS = {
  kinds: { recap: 'Recap', intro: 'Intro', credits: 'Credits', preview: 'Next-episode preview' },
  sources: { detected: 'Found', operator: 'Set by an operator' },
  jobName: 'Find recap, intro and credits',
  /** An episode's length without recap and credits: '1 h 52 min of story'. */
  ofStory: (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return `${h ? `${h} h${m ? ' ' : ''}` : ''}${m || !h ? `${m} min` : ''} of story`;
  },
  // The console's timeline (the Subtitles page of an episode, beside its preview).
  console: {
    title: 'Recap, intro and credits',
    hint: 'Drag a marker’s ends on its own track, or type a time (1:23.4 or seconds). Arrow keys move a focused end by 0.5 s, with Shift by 5 s. Detection never replaces what you set.',
    timeline: 'The episode’s markers',
    seekTo: (kind: string, from: string, to: string) => `${kind}, ${from} to ${to}: play from its start`,
    start: 'Start',
    end: 'End',
    handle: (kind: string, end: 'start' | 'end') => `${kind} ${end}`,
    track: (kind: string) => `${kind}: its stretch and a minute around it`,
    /** The button beside a time field: the field takes the preview's playhead. */
    playhead: 'Playhead',
    atPlayhead: (end: 'Start' | 'End') => `${end} at playhead`,
    save: 'Save',
    undo: 'Undo',
    remove: 'Remove',
    confirmRemove: (kind: string) =>
      `Remove the ${kind.toLowerCase()}? Detection will not bring it back; you can add it again.`,
    saved: (kind: string) => `${kind} saved.`,
    removed: (kind: string) => `${kind} removed.`,
    added: (kind: string) => `${kind} added.`,
    confidence: (c: number) => `${Math.round(c * 100)}% sure`,
    unsure: 'Check it: detection was unsure.',
    none: 'No markers yet. They are found when the episode’s video is ready, or add one by hand.',
    removedKinds: (kinds: string) => `Removed by an operator (detection leaves them out): ${kinds}.`,
    add: 'Add a marker',
    kind: 'Kind',
    addButton: 'Add',
    detect: 'Find markers again',
    detectHint: 'Your markers and removals stay as they are.',
    job: (state: string) => `Detection: ${state}`,
    badTime: 'Write a time as 1:23.4, 1:02:03 or seconds.',
    endBeforeStart: 'The end must come after the start.',
  },
  // API errors.
  episodeNotFound: 'There is no such episode.',
  noMedia: 'This episode has no video of its own yet: markers are found once it has.',
  markerExists: 'This episode already has a marker of that kind: edit it instead.',
  markerNotFound: 'This episode has no marker of that kind.',
  startNotBeforeEnd: 'must be before the end',
  tooLate: (max: number) => `must be at most ${max} seconds`,
  notFinite: 'must be a number of seconds, 0 or more',
} as const;
