// The served document (decision 0107): what the server's render writes
// beside the page and the browser reads back before it hydrates.

/**
 * The id of the `<script type="application/json">` after #root that holds
 * the data the server rendered the page from (React Router's state and the
 * query client's answers): data, never run (the CSP allows no inline script).
 */
export const HYDRATION_ELEMENT_ID = 'app-data';

/**
 * What a shared link of a detail page previews (Open Graph, Twitter cards):
 * the server's render says it from the title's answer, the server writes the
 * tags (decision 0107).
 */
export interface PageHead {
  kind: 'movies' | 'series';
  title: string;
  year: number;
  description: string;
  /** An upload's name ('' for none). */
  cover: string;
}

/**
 * JSON inside `<script type="application/json">`: the browser ends the
 * element at the first `</script` whatever the quoting, and `<!--` changes how
 * it reads on; no `<` is left, so neither can occur (JSON.parse reads \u003c
 * back as `<`). U+2028/2029 are escaped too, harmless in JSON but not in
 * every reader's JavaScript.
 */
export function jsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
