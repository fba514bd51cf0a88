// Turkish-aware text folding and ordering, shared by the API (search text,
// sort keys) and the web app (episode search). Doing it in code rather than in
// SQL keeps PGlite (PostgreSQL 18, no ICU guarantee) and PostgreSQL 15 equal.

const FOLD_MAP: Record<string, string> = {
  İ: 'i',
  I: 'i',
  ı: 'i',
  i: 'i',
  Ş: 's',
  ş: 's',
  Ğ: 'g',
  ğ: 'g',
  Ç: 'c',
  ç: 'c',
  Ö: 'o',
  ö: 'o',
  Ü: 'u',
  ü: 'u',
  Â: 'a',
  â: 'a',
  Î: 'i',
  î: 'i',
  Û: 'u',
  û: 'u',
};

/**
 * Case- and diacritic-insensitive form with Turkish rules: İ/I/ı/i → i,
 * ş → s, ğ → g, ç → c, ö → o, ü → u; other accents stripped; punctuation
 * becomes a space; runs of spaces collapse. `Diriliş: Ertuğrul` and
 * `dirilis ertugrul` both fold to `dirilis ertugrul`.
 */
export function foldTurkish(text: string): string {
  let out = '';
  for (const ch of text) out += FOLD_MAP[ch] ?? ch;
  return out
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// The Turkish alphabet in order; letters outside it sort after by code point.
const ALPHABET = 'abcçdefgğhıijklmnoöprsştuüvyz';
const UPPER_TO_LOWER: Record<string, string> = { İ: 'i', I: 'ı' };

/**
 * A key whose plain byte order (COLLATE "C") is Turkish alphabetical order,
 * case-insensitive: ç after c, ı before i, ş after s. Digits sort first.
 */
export function turkishSortKey(text: string): string {
  let key = '';
  for (const raw of text.trim()) {
    const ch = UPPER_TO_LOWER[raw] ?? raw.toLocaleLowerCase('tr');
    const idx = ALPHABET.indexOf(ch);
    if (idx >= 0)
      key += String.fromCharCode(0x41 + idx); // 'A'.. in alphabet order
    else if (/\p{N}/u.test(ch))
      key += ch; // digits '0'-'9' (< 'A')
    else if (/\p{L}/u.test(ch))
      key += 'z' + ch; // foreign letters after z
    else key += ' '; // punctuation and spaces sort before letters
  }
  return key.replace(/ +/g, ' ').trim();
}

/** Compare two strings in Turkish alphabetical order (for the web side). */
export function compareTurkish(a: string, b: string): number {
  const ka = turkishSortKey(a);
  const kb = turkishSortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
