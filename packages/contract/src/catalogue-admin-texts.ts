// The catalogue console's texts (issue 17), apart from its answers' and
// forms' schemas (catalogue-admin.ts), so the route table's titles do not
// bring zod onto the home route (decisions 0062, 0093).

import { CONSOLE_TITLES } from './console-titles.js';

/** Largest image upload (bytes). */
export const MAX_CATALOGUE_IMAGE_BYTES = 5 * 1024 * 1024;

export const CATALOGUE_TEXTS = {
  catalogue: CONSOLE_TITLES.catalogue,
  search: 'Find a title',
  searchButton: 'Search',
  noTitles: 'No title matches.',
  newMovie: 'New movie',
  newSeries: 'New series',
  movie: 'Movie',
  series: 'Series',
  save: 'Save',
  saved: (title: string) => `Saved '${title}'.`,
  remove: 'Remove',
  removed: (what: string) => `Removed ${what}.`,
  confirmRemove: (what: string) => `Remove ${what}? Viewers lose it at once; the audit log keeps its values.`,
  draft: 'Not published',
  published: 'Published',
  featured: (rank: number) => `Featured #${rank}`,
  seasons: 'Seasons',
  addSeason: 'Add a season',
  addEpisode: 'Add an episode',
  episodes: 'Episodes',
  scheduled: (at: string) => `Scheduled ${at}`,
  out: 'Out',
  publishNow: 'Publish now',
  published1: (title: string, notified: number) => `Published '${title}'; ${notified} follower(s) notified.`,
  alreadyOut: (title: string) => `'${title}' is already out.`,
  media: 'Media',
  subtitles: 'Subtitles',
  playable: 'Plays',
  noMedia: 'No video yet',
  uploadImage: 'Upload',
  useFrame: "Use the video's frame",
  imageSaved: 'Image uploaded.',
  cast: 'Cast',
  addPerson: 'Add a person',
  people: 'People',
  promotions: 'Promotion banner',
  addPromotion: 'Add a banner',
  ratingShown: (avg: number | null, reviews: number) =>
    avg === null ? 'No rating yet (no published review)' : `${avg}/10 from ${reviews} review(s)`,
  // Refusals (409, 404, 400)
  titleNotFound: 'No such title.',
  seasonNotFound: 'No such season.',
  episodeNotFound: 'No such episode.',
  personNotFound: 'No such person.',
  promotionNotFound: 'No such banner.',
  unknownGenres: (ids: number[]) => `no genre has the id ${ids.join(', ')}`,
  unknownPeople: (ids: number[]) => `no person has the id ${ids.join(', ')}`,
  imageMissing: 'is not an uploaded image',
  seriesHasSeasons: (title: string, n: number) =>
    `'${title}' has ${n} season(s); remove its seasons first (their episodes, viewers' history and reviews go with them).`,
  seasonHasEpisodes: (title: string, n: number) => `${title} has ${n} episode(s); remove them first.`,
  transcodeRunning: (job: number) => `A transcode (job ${job}) is waiting or running for it; let it finish first.`,
  personInCast: (name: string, n: number) => `${name} is in the cast of ${n} title(s); take them out first.`,
  seasonNumberTaken: (n: number) => `The series already has a season ${n}.`,
  episodeNumberTaken: (n: number) => `The season already has an episode ${n}.`,
  publishTimeRequired: 'is required unless publish_now is set',
  publishTimeFuture: 'must be in the future (Publish now makes an episode out at once)',
  noFrame: 'The video has no poster frame yet: upload its video first.',
  imageType: 'must be a PNG, JPEG, WebP or GIF picture',
  imageTooLarge: `must be at most ${MAX_CATALOGUE_IMAGE_BYTES / 1024 / 1024} MB`,
  imageRequired: 'is required',
} as const;
