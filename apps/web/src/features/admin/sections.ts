import { CONSOLE_TITLES } from '@bosphorus/contract';

// The operator console's sections (issue 17), in the side menu's order.
// A section is listed here only once its page exists (router.tsx, under
// /admin): the menu never offers a page that is not built.

export interface ConsoleSection {
  name: string;
  /** The path under /admin. */
  path: string;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { name: CONSOLE_TITLES.viewers, path: 'viewers' },
  { name: CONSOLE_TITLES.inbox, path: 'inbox' },
  { name: CONSOLE_TITLES.pages, path: 'pages' },
  { name: CONSOLE_TITLES.catalogue, path: 'catalogue' },
  { name: CONSOLE_TITLES.media, path: 'media' },
  { name: CONSOLE_TITLES.subtitles, path: 'subtitles' },
  { name: CONSOLE_TITLES.auditLog, path: 'audit-log' },
];
