// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SHEET_ATTRIBUTE } from '@bosphorus/contract';
import { adoptPageStylesheets } from './page-stylesheets';

// Decision 0109: the server's whole stylesheets move from the end of the body
// to the end of the head as the app starts, ahead of any the app adds later.
// happy-dom loads no stylesheet: its settings say whether a link loads or fails.

const settings = (window as unknown as { happyDOM: { settings: Record<string, boolean> } }).happyDOM.settings;

function page() {
  document.head.innerHTML = '<style>.a{}</style><link rel="stylesheet" href="/assets/other.css">';
  document.body.innerHTML =
    `<div id="root"></div><link rel="stylesheet" ${PAGE_SHEET_ATTRIBUTE} href="/assets/index.css">` +
    `<link rel="stylesheet" ${PAGE_SHEET_ATTRIBUTE} href="/assets/page.css"><link rel="stylesheet" href="/assets/mine.css">`;
}
const hrefs = (root: ParentNode) =>
  [...root.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'));
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  settings.disableCSSFileLoading = false;
  settings.handleDisabledFileLoadingAsSuccess = false;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('adoptPageStylesheets', () => {
  it("copies the server's sheets to the end of the head, in order, and drops the body's once each copy has loaded", async () => {
    settings.disableCSSFileLoading = true;
    settings.handleDisabledFileLoadingAsSuccess = true;
    page();
    adoptPageStylesheets(document);
    expect(hrefs(document.head)).toEqual(['/assets/other.css', '/assets/index.css', '/assets/page.css']);
    await settled();
    expect(hrefs(document.head)).toEqual(['/assets/other.css', '/assets/index.css', '/assets/page.css']);
    // Only the server's move: the app's own stays where it is.
    expect(hrefs(document.body)).toEqual(['/assets/mine.css']);
  });

  it("leaves the body's in place when a copy cannot load", async () => {
    settings.disableCSSFileLoading = true;
    page();
    adoptPageStylesheets(document);
    await settled();
    expect(hrefs(document.head)).toEqual(['/assets/other.css']);
    expect(hrefs(document.body)).toEqual(['/assets/index.css', '/assets/page.css', '/assets/mine.css']);
  });
});
