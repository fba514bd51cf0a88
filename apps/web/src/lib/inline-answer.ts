// Answers the served document carries as JSON data (never run: the CSP
// allows no inline script): a visitor's home answer (decision 0061) and a
// list's first page (decision 0099). The app's first render of that page
// draws from them instead of waiting for the API.

/**
 * The body of the answer in the element `id` (of `kind`, when given), read
 * once: the element is removed, so a later visit to the page asks the API.
 * Undefined when there is none, or it is another kind's, or unreadable.
 */
export function takeInlineAnswer<B>(id: string, kind?: string): B | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(id);
  if (!element || (kind !== undefined && element.getAttribute('data-kind') !== kind)) return undefined;
  element.remove();
  try {
    const answer = JSON.parse(element.textContent ?? '') as { body?: B } | null;
    return answer?.body ?? undefined;
  } catch {
    return undefined;
  }
}

/** When an inline answer was made: as old as the document that carried it. */
export const inlineAnswerUpdatedAt = (): number =>
  typeof performance === 'undefined' ? Date.now() : performance.timeOrigin;
