import { PAGE_SHEET_ATTRIBUTE } from '@bosphorus/contract';

// A page's whole stylesheets come at the end of its body (decision 0109):
// its first paint uses the rules written into its head. A stylesheet the app
// loads later (a lazily loaded page's, added at the end of the head) must
// come after them in the cascade, as it did when they were in the head, or
// a rule of the entry's would win over the later page's own. So, as the app
// starts (its modules ran after those sheets had loaded), each moves to the
// end of the head: a copy goes there and the body's link goes once the copy
// has loaded. The two hold the same rules, so nothing is unstyled meanwhile.

/** Moves the server's stylesheet links from the end of the body to the end of the head. */
export function adoptPageStylesheets(doc: Document = document): void {
  for (const link of doc.body.querySelectorAll<HTMLLinkElement>(`link[rel="stylesheet"][${PAGE_SHEET_ATTRIBUTE}]`)) {
    const copy = link.cloneNode() as HTMLLinkElement;
    copy.addEventListener('load', () => link.remove(), { once: true });
    // A copy that cannot load leaves the body's in place.
    copy.addEventListener('error', () => copy.remove(), { once: true });
    doc.head.appendChild(copy);
  }
}
