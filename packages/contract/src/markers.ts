import { z } from 'zod';
import { mediaJob } from './ingest.js';

// Episode markers (issue 28; decisions 0125, 0126): the recap, intro,
// credits and next-episode preview of an episode, in seconds of its media,
// found by the markers job at ingest or set by an operator. Our own calls
// (the spec's §7 leaves them out): `GET /api/episodes/{id}/markers` for the
// player, `/api/admin/media/episodes/{id}/markers…` for the console.

import { MARKER_KINDS, MARKER_SOURCES } from './markers-texts.js';

export {
  MARKER_KINDS,
  MARKER_SOURCES,
  MAX_MARKER_SECONDS,
  storyMinutes,
  UNSURE_MARKER_CONFIDENCE,
  type MarkerKind,
  type MarkerSource,
} from './markers-texts.js';

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

export { MARKERS_TEXTS } from './markers-texts.js';
