// Display formats shared by the detail pages. Dates on the wire are ISO
// ('2024-03-04' for air dates, '2024-03-04T18:30:00Z' for reviews) and are
// shown in English, read as UTC so a date never shifts a day with the
// viewer's time zone.

const MINUTES_PER_HOUR = 60;

/** 125 → '2h 5m'; 45 → '45m'; 120 → '2h'. Empty for a missing or non-positive value. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes <= 0) return '';
  const total = Math.round(minutes);
  const hours = Math.floor(total / MINUTES_PER_HOUR);
  const rest = total % MINUTES_PER_HOUR;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** The spoken form of formatDuration: 125 → '2 hours 5 minutes'. */
export function describeDuration(minutes: number | null | undefined): string {
  const text = formatDuration(minutes);
  if (!text) return '';
  return text
    .split(' ')
    .map((part) => {
      const n = Number(part.slice(0, -1));
      const unit = part.endsWith('h') ? 'hour' : 'minute';
      return `${n} ${unit}${n === 1 ? '' : 's'}`;
    })
    .join(' ');
}

// Dates are written without Intl: the first Intl format of a page loads the
// engine's locale data, ≈ 19 ms of a desktop's main thread and four times
// that on a phone, on the first view when a home card shows a date
// (issue 15; decision 0100). English month names are all our pages need.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A date and time, or a bare 'YYYY-MM-DD' taken as that day in UTC; null when unreadable. */
function utcDay(iso: string): { day: number; month: string; year: number } | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return null;
  return { day: date.getUTCDate(), month: MONTHS[date.getUTCMonth()]!, year: date.getUTCFullYear() };
}

/** '2024-03-04' or '2024-03-04T18:30:00Z' → 'Mar 4, 2024' (the UTC day). Empty when unreadable. */
export function formatDate(iso: string | null | undefined): string {
  const d = iso ? utcDay(iso) : null;
  return d ? `${d.month} ${d.day}, ${d.year}` : '';
}

/** '2025-03-14' → '14 Mar 2025' (an episode's air day); anything unparsable is shown as given. */
export function formatAirDate(isoDate: string): string {
  const d = /^\d{4}-\d{2}-\d{2}/.test(isoDate) ? utcDay(isoDate.slice(0, 10)) : null;
  return d ? `${d.day} ${d.month} ${d.year}` : isoDate;
}

/** Up to two initials for an avatar placeholder: 'Ayşe Yılmaz' → 'AY'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => Array.from(w)[0]!.toLocaleUpperCase('tr')).join('') || '?';
}

/**
 * A route id as the API accepts it (a positive whole number, spec §7
 * /movies/{id}); anything else is answered with 'Title not found' without a
 * request.
 */
export function parseDetailId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** Genre names of a title: genres[] when given, else the 'Action, Drama' text (spec §3). */
export function genreNames(genres: readonly { genre_title: string }[], genreTitle: string): string[] {
  if (genres.length) return genres.map((g) => g.genre_title);
  return genreTitle
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
}
