import { vi } from 'vitest';

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
