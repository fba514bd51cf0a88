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

// Made when first used: building a date format costs a phone ≈ 10 ms, on
// the first view's main thread if done at load (decision 0098).
let dateFormat: Intl.DateTimeFormat | null = null;

/** '2024-03-04' or '2024-03-04T18:30:00Z' → 'Mar 4, 2024'. Empty when unreadable. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime())
    ? ''
    : (dateFormat ??= new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      })).format(date);
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
