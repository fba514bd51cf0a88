import { createContext, useContext } from 'react';

// The site's origin as the viewer opened it (share links): the request's on
// the server's render (entry-server.tsx), the page's own in the browser
// (main.tsx). The same text on both sides, so hydration keeps the links.

export const SiteOriginContext = createContext<string>('');

/** The origin of the address the viewer opened ('https://bosphorus.example'). */
export function useSiteOrigin(): string {
  const origin = useContext(SiteOriginContext);
  return origin || (typeof window === 'undefined' ? '' : window.location.origin);
}
