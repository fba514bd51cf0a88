// Shape of the demo catalogue (demo-catalogue.ts). The seeder
// (seed-demo.ts) turns it into rows; image fields are file names under
// apps/api/seed-assets/uploads, served at /uploads/{file}.

export interface DemoPerson {
  /** Stable key used by `cast` lists, e.g. 'engin-altan-duzyatan'. */
  key: string;
  name: string;
  /** 1:1 portrait file name, e.g. 'person-engin-altan-duzyatan.webp'. */
  image: string;
}

export interface DemoEpisode {
  number: number;
  title: string;
  /** ISO date 'YYYY-MM-DD'. */
  air_date: string;
  /** 16:9 still file name. */
  image: string;
  duration_minutes: number;
  finale?: boolean;
}

export interface DemoSeason {
  number: number;
  /** e.g. 'Season 1'. */
  title: string;
  episodes: DemoEpisode[];
}

export interface DemoTitleBase {
  /** Display title with Turkish letters, e.g. 'Diriliş: Ertuğrul'. */
  title: string;
  /** Original Turkish title (often equal to `title`). */
  original_title: string;
  /** Alternative English names, e.g. ['Resurrection: Ertugrul']. */
  alt_titles: string[];
  /** English description, 2–4 sentences. */
  description: string;
  year: number;
  /** Genre ids of spec §3: 1,2,4,5,6,7,8,9,10,11 (no 3). */
  genres: number[];
  /** 2:3 poster file name. */
  image: string;
  /** 16:9 cover file name (full size, 1920×1080). */
  cover: string;
  /** YouTube link in ?v= or youtu.be/ form, or null. */
  trailer: string | null;
  /** Person keys in billing order. */
  cast: string[];
  /** Higher = more popular ("Top" rows). */
  popularity: number;
  /** Hero slider position (1 = first); omit when not featured. */
  featured?: number;
}

export interface DemoSeries extends DemoTitleBase {
  status: 'ongoing' | 'ended';
  seasons: DemoSeason[];
}

export interface DemoMovie extends DemoTitleBase {
  duration_minutes: number;
}

export interface DemoUser {
  key: string;
  name: string;
  email: string;
  /** Avatar file name or null. */
  avatar: string | null;
}

export interface DemoReview {
  /** Title of the series or movie (exact `title`). */
  series?: string;
  movie?: string;
  user: string; // DemoUser key
  rating: number; // 1..10
  content: string;
  /** ISO date-time. */
  created_at: string;
  replies?: { user: string; reply: string; created_at: string }[];
}

export interface DemoCatalogue {
  people: DemoPerson[];
  series: DemoSeries[];
  movies: DemoMovie[];
  users: DemoUser[];
  reviews: DemoReview[];
  promotion: { text: string; color: 'red' | 'blue' } | null;
}
