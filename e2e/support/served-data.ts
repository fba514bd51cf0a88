import type { Page } from '@playwright/test';
import { HYDRATION_ELEMENT_ID } from '@bosphorus/contract';

// The data a server-rendered document carries after #root (decision 0107):
// React Router's state and the query client's answers the page was drawn
// from, as `<script type="application/json" id="app-data">`.

interface ServedData {
  queries: { queries: { queryKey: unknown[]; state: { data?: unknown; status: string } }[] };
}

/** The served data of a document's HTML, or null without it. */
export function servedData(html: string): ServedData | null {
  const match = new RegExp(`<script type="application/json" id="${HYDRATION_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as ServedData) : null;
}

/** The answer of the query `key` the server drew the page from (undefined when it has none). */
export function servedQuery<T>(html: string, key: unknown[]): T | undefined {
  const query = servedData(html)?.queries.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key));
  return query?.state.status === 'success' ? (query.state.data as T) : undefined;
}

/**
 * The documents of `path` as the server sends them when it could not render
 * the page: #root empty and no data, so the browser draws the page itself
 * and asks the API (which a test may then answer its own way).
 */
export async function drawnByTheBrowser(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const html = (await response.text())
        .replace(new RegExp(`<script type="application/json" id="${HYDRATION_ELEMENT_ID}">[^<]*</script>`), '')
        .replace(/<div id="root">[\s\S]*<\/div>(?=\s*<script nomodule)/, '<div id="root"></div>');
      await route.fulfill({ response, body: html });
    },
  );
}
