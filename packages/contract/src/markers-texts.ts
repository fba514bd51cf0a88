// Episode markers' constants and texts (issue 28), apart from the schemas
// in markers.ts so the pages that show them carry no zod (decision 0093).

export const MARKER_KINDS = ['recap', 'intro', 'credits', 'preview'] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];
export const MARKER_SOURCES = ['detected', 'operator'] as const;
export type MarkerSource = (typeof MARKER_SOURCES)[number];

/** The longest media a marker may sit in (seconds): six hours. */
export const MAX_MARKER_SECONDS = 6 * 3600;

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
  // API errors.
  episodeNotFound: 'There is no such episode.',
  noMedia: 'This episode has no video of its own yet: markers are found once it has.',
  markerExists: 'This episode already has a marker of that kind: edit it instead.',
  markerNotFound: 'This episode has no marker of that kind.',
  startNotBeforeEnd: 'must be before the end',
  tooLate: (max: number) => `must be at most ${max} seconds`,
  notFinite: 'must be a number of seconds, 0 or more',
} as const;
