import { vi } from 'vitest';
import { options } from 'preact';

// The unit project's files share workers (vitest.config.ts, decision 0038):
// packages are imported once per worker. Before each file, what one file
// could leave to the next is reset: our own modules are evaluated afresh (so
// module state — the signed-in user, toasts, TV mode — starts empty), and the
// document and browser storage of a DOM environment are emptied.
vi.resetModules();

if (typeof document !== 'undefined') {
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) {
    if (name !== 'lang') document.documentElement.removeAttribute(name);
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
}

// The app renders with Preact (decision 0097). Preact runs effects after the
// next animation frame (up to 35 ms here, where nothing paints); React runs
// them in the next task, which is what Testing Library's waits allow for. In
// tests Preact's effects also run in the next task, so an effect that
// listens (a message handler, a document title) is in place once a `findBy`
// has seen the render.
options.requestAnimationFrame = (flush) => {
  setTimeout(flush);
};
