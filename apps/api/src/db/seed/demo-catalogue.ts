// The demo catalogue loaded by the seeder (shape: demo-types.ts). Image
// fields are file names under apps/api/seed-assets/uploads; those files are
// rendered by scripts/generate-demo-images.ts and committed with the repo.

import { demoMovies } from './demo-catalogue-movies.js';
import { demoPeople } from './demo-catalogue-people.js';
import { demoReviews, demoUsers } from './demo-catalogue-reviews.js';
import { demoSeries } from './demo-catalogue-series.js';
import type { DemoCatalogue } from './demo-types.js';

export const demoCatalogue: DemoCatalogue = {
  people: demoPeople,
  series: demoSeries,
  movies: demoMovies,
  users: demoUsers,
  reviews: demoReviews,
  promotion: {
    text: 'New: Kuruluş: Osman is back with a new season — fresh episodes with English subtitles every Wednesday!',
    color: 'red',
  },
};
