import { isSmartTv } from './smart-tv';

// Spec §7: analytics events go through one global tag function, a no-op on
// smart TVs; every value of the event parameters is converted to a string
// first. Nothing leaves the page unless configured (decision 0052): events
// queue in window.dataLayer, and go to VITE_ANALYTICS_ENDPOINT (a build-time
// setting, README) with sendBeacon when it is set.

export type TagParams = Record<string, unknown>;
type Tag = (command: 'event', name: string, params?: TagParams) => void;

declare global {
  interface Window {
    gtag?: Tag;
    dataLayer?: unknown[];
  }
}

/** Every value a string: null and undefined empty, objects as JSON. */
export function stringifyParams(params: TagParams = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) out[key] = '';
    else if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'object') {
      try {
        out[key] = JSON.stringify(value);
      } catch {
        out[key] = String(value);
      }
    } else out[key] = String(value);
  }
  return out;
}

/** The global tag function for this device (a no-op on a TV). */
export function createTag({ tv, endpoint }: { tv: boolean; endpoint: string | undefined }): Tag {
  if (tv) return () => {};
  return (command, name, params) => {
    const event = { event: name, ...stringifyParams(params) };
    (window.dataLayer ??= []).push(event);
    if (command === 'event' && endpoint && typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(endpoint, new Blob([JSON.stringify(event)], { type: 'text/plain' }));
    }
  };
}

/** Installs window.gtag once (main.tsx). */
export function installTag(): void {
  window.gtag ??= createTag({
    tv: isSmartTv(),
    endpoint: import.meta.env.VITE_ANALYTICS_ENDPOINT as string | undefined,
  });
}

/** One analytics event through the global tag function. */
export function tag(name: string, params?: TagParams): void {
  window.gtag?.('event', name, params);
}
