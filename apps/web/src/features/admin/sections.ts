import { ADMIN_TEXTS, CATALOGUE_TEXTS, INGEST_TEXTS } from '@bosphorus/contract';

// The operator console's sections (issue 17), in the side menu's order.
// A section is listed here only once its page exists (router.tsx, under
// /admin): the menu never offers a page that is not built.

export interface ConsoleSection {
  name: string;
  /** The path under /admin. */
  path: string;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { name: ADMIN_TEXTS.viewers, path: 'viewers' },
  { name: ADMIN_TEXTS.inbox, path: 'inbox' },
  { name: ADMIN_TEXTS.pages, path: 'pages' },
  { name: CATALOGUE_TEXTS.catalogue, path: 'catalogue' },
  { name: INGEST_TEXTS.media, path: 'media' },
  { name: INGEST_TEXTS.subtitles, path: 'subtitles' },
  { name: ADMIN_TEXTS.auditLog, path: 'audit-log' },
];
