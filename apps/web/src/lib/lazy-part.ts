import { createElement, lazy, type ComponentType } from 'react';

// A part of a page whose code is a chunk of its own (decision 0093):
// React.lazy, plus one thing on the server. React.lazy calls its import
// once per process, so only the first render after the server starts would
// note the part's module (server/render-modules.ts), and a later visitor's
// page would not name the part's files. On the server each render of the
// part calls the import again (Node answers it from its module cache), so
// every render notes it; the browser's build keeps React.lazy alone.

/** React.lazy for a part of a page, its module noted by every server render. */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Part = lazy(load);
  if (!import.meta.env.SSR) return Part as ComponentType<P>;
  function NotedPart(props: P) {
    // React.lazy reports a failed import; this call only notes the module.
    load().catch(() => undefined);
    return createElement(Part, props);
  }
  return NotedPart;
}
