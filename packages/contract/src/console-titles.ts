// The console's name and its sections' names. The route table (document
// titles) and the header's Console link use them on every page, so they
// stand apart from the console's other texts, which come with the console's
// own code rather than in every visitor's first files (decision 0148).
// ADMIN_TEXTS, CATALOGUE_TEXTS and INGEST_TEXTS take theirs from here.

export const CONSOLE_TITLES = {
  consoleTitle: 'Operator console',
  consoleLink: 'Console',
  viewers: 'Viewers',
  inbox: 'Inbox',
  pages: 'Pages',
  catalogue: 'Catalogue',
  media: 'Media',
  subtitles: 'Subtitles',
  auditLog: 'Audit log',
} as const;
