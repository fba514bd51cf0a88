// Typo variants for search (decision 0002). Trigram similarity forgives a
// missing, extra or wrong letter, but not two neighbouring letters swapped —
// the commonest slip of fast typing: 'ertugurl' shares only 5 of its 9
// trigrams with 'ertugrul', under the similarity threshold. So the search
// also looks for each word with one neighbouring pair swapped back.

/** Shorter words swap into other common words more than into the one meant. */
export const SWAP_MIN_LENGTH = 4;
export const SWAP_MAX_LENGTH = 20;
/** A longer query is a sentence, not a slip: trigram similarity handles it alone. */
export const SWAP_MAX_WORDS = 4;

/** The word with each pair of different neighbouring letters swapped, by code point. */
export function adjacentSwaps(word: string): string[] {
  const chars = [...word];
  if (chars.length < SWAP_MIN_LENGTH || chars.length > SWAP_MAX_LENGTH) return [];
  const out = new Set<string>();
  for (let i = 0; i < chars.length - 1; i++) {
    if (chars[i] === chars[i + 1]) continue;
    const swapped = [...chars];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    out.add(swapped.join(''));
  }
  out.delete(word);
  return [...out];
}

/**
 * For each word of a folded query, the spellings to look for: the word and
 * its swaps. Null when no word can have one, or the query is too long.
 */
export function swapAlternatives(words: readonly string[]): string[][] | null {
  if (words.length > SWAP_MAX_WORDS) return null;
  const alternatives = words.map((w) => [w, ...adjacentSwaps(w)]);
  return alternatives.some((a) => a.length > 1) ? alternatives : null;
}
