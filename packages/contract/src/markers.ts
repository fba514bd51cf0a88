import { z } from 'zod';
import { mediaJob } from './ingest.js';

// Episode markers (issue 28; decisions 0125, 0126): the recap, intro,
// credits and next-episode preview of an episode, in seconds of its media,
// found by the markers job at ingest or set by an operator. Our own calls
// (the spec's §7 leaves them out): `GET /api/episodes/{id}/markers` for the
// player, `/api/admin/media/episodes/{id}/markers…` for the console.

export const MARKER_KINDS = ['recap', 'intro', 'credits', 'preview'] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];
export const MARKER_SOURCES = ['detected', 'operator'] as const;
export type MarkerSource = (typeof MARKER_SOURCES)[number];

/** The longest media a marker may sit in (seconds): six hours. */
export const MAX_MARKER_SECONDS = 6 * 3600;

/** A marker as the player reads it. */
export const episodeMarker = z.object({
  kind: z.enum(MARKER_KINDS),
  start_seconds: z.number(),
  end_seconds: z.number(),
});
export type EpisodeMarker = z.infer<typeof episodeMarker>;

export const episodeMarkersBody = z.object({ episode_id: z.number(), markers: z.array(episodeMarker) });
export type EpisodeMarkersBody = z.infer<typeof episodeMarkersBody>;

/** A marker as the console reads it: with where it came from and how sure detection was. */
export const adminEpisodeMarker = episodeMarker.extend({
  /** 0–1; an operator's marker is 1. */
  confidence: z.number(),
  source: z.enum(MARKER_SOURCES),
  updated_at: z.string(),
});
export type AdminEpisodeMarker = z.infer<typeof adminEpisodeMarker>;

export const adminEpisodeMarkersBody = z.object({
  episode_id: z.number(),
  markers: z.array(adminEpisodeMarker),
  /** Kinds an operator removed: detection does not bring them back. */
  removed: z.array(z.enum(MARKER_KINDS)),
  /** The episode's markers jobs, newest first. */
  jobs: z.array(mediaJob),
});
export type AdminEpisodeMarkersBody = z.infer<typeof adminEpisodeMarkersBody>;

export const MARKERS_TEXTS = {
  kinds: { recap: 'Recap', intro: 'Intro', credits: 'Credits', preview: 'Next-episode preview' },
  sources: { detected: 'Found', operator: 'Set by an operator' },
  jobName: 'Find recap, intro and credits',
  // API errors.
  episodeNotFound: 'There is no such episode.',
  noMedia: 'This episode has no video of its own yet: markers are found once it has.',
  markerExists: 'This episode already has a marker of that kind: edit it instead.',
  markerNotFound: 'This episode has no marker of that kind.',
  startNotBeforeEnd: 'must be before the end',
  tooLate: (max: number) => `must be at most ${max} seconds`,
  notFinite: 'must be a number of seconds, 0 or more',
} as const;
