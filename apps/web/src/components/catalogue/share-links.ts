// Spec §1: share buttons for five social networks. Each network's public
// "share a link" address; the page's absolute URL and title go in as query
// parameters, so nothing is sent to the network until the person chooses to.

export type ShareNetwork = 'facebook' | 'x' | 'whatsapp' | 'telegram' | 'reddit';

export interface ShareLink {
  network: ShareNetwork;
  /** Visible and accessible name, e.g. 'Share on Facebook'. */
  label: string;
  href: string;
}

const q = encodeURIComponent;

export function shareLinks(pageUrl: string, title: string): ShareLink[] {
  const url = q(pageUrl);
  const text = q(title);
  return [
    { network: 'facebook', label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { network: 'x', label: 'Share on X', href: `https://x.com/intent/tweet?url=${url}&text=${text}` },
    // WhatsApp takes one text: the title, then the link (it previews the link).
    { network: 'whatsapp', label: 'Share on WhatsApp', href: `https://wa.me/?text=${q(`${title} ${pageUrl}`)}` },
    { network: 'telegram', label: 'Share on Telegram', href: `https://t.me/share/url?url=${url}&text=${text}` },
    { network: 'reddit', label: 'Share on Reddit', href: `https://www.reddit.com/submit?url=${url}&title=${text}` },
  ];
}

/**
 * The address to share: this page without its hash or query (a section
 * anchor or tracking parameter should not travel with the link).
 */
export function canonicalPageUrl(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname}`;
}
