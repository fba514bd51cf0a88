import { describe, expect, it } from 'vitest';
import { canonicalPageUrl, shareLinks } from './share-links';

const PAGE = 'https://bosphorus.example/seriesdetail/7';
const TITLE = 'Diriliş: Ertuğrul (2014)';

describe('shareLinks', () => {
  const links = shareLinks(PAGE, TITLE);
  const byNetwork = Object.fromEntries(links.map((l) => [l.network, new URL(l.href)]));

  it('offers the five networks in order with their labels', () => {
    expect(links.map((l) => l.label)).toEqual([
      'Share on Facebook',
      'Share on X',
      'Share on WhatsApp',
      'Share on Telegram',
      'Share on Reddit',
    ]);
  });

  it('points each link at the network share address with the page URL and title', () => {
    expect(byNetwork.facebook!.origin + byNetwork.facebook!.pathname).toBe(
      'https://www.facebook.com/sharer/sharer.php',
    );
    expect(byNetwork.facebook!.searchParams.get('u')).toBe(PAGE);

    expect(byNetwork.x!.origin + byNetwork.x!.pathname).toBe('https://x.com/intent/tweet');
    expect(byNetwork.x!.searchParams.get('url')).toBe(PAGE);
    expect(byNetwork.x!.searchParams.get('text')).toBe(TITLE);

    expect(byNetwork.whatsapp!.origin + byNetwork.whatsapp!.pathname).toBe('https://wa.me/');
    expect(byNetwork.whatsapp!.searchParams.get('text')).toBe(`${TITLE} ${PAGE}`);

    expect(byNetwork.telegram!.origin + byNetwork.telegram!.pathname).toBe('https://t.me/share/url');
    expect(byNetwork.telegram!.searchParams.get('url')).toBe(PAGE);
    expect(byNetwork.telegram!.searchParams.get('text')).toBe(TITLE);

    expect(byNetwork.reddit!.origin + byNetwork.reddit!.pathname).toBe('https://www.reddit.com/submit');
    expect(byNetwork.reddit!.searchParams.get('url')).toBe(PAGE);
    expect(byNetwork.reddit!.searchParams.get('title')).toBe(TITLE);
  });

  it('encodes reserved characters so they cannot break out of a parameter', () => {
    const [facebook] = shareLinks('https://b.example/moviedetail/3?a=1&b=2#trailer', 'A & B');
    expect(facebook!.href).toContain('u=https%3A%2F%2Fb.example%2Fmoviedetail%2F3%3Fa%3D1%26b%3D2%23trailer');
    expect(new URL(shareLinks(PAGE, 'A & B #1')[1]!.href).searchParams.get('text')).toBe('A & B #1');
  });
});

describe('canonicalPageUrl', () => {
  it('drops the hash and query', () => {
    expect(canonicalPageUrl({ origin: 'https://b.example', pathname: '/moviedetail/3' })).toBe(
      'https://b.example/moviedetail/3',
    );
  });
});
