// The operator console's texts (issue 17), apart from its answers' schemas
// (admin.ts) so a page that shows a console text does not carry zod
// (decision 0062, 0093).

import { CONSOLE_TITLES } from './console-titles.js';

/** Texts of the console and its API. */
export const ADMIN_TEXTS = {
  notOperator: 'This page is for operators only.',
  consoleTitle: CONSOLE_TITLES.consoleTitle,
  consoleLink: CONSOLE_TITLES.consoleLink,
  auditLog: CONSOLE_TITLES.auditLog,
  auditEmpty: 'No operator action has been recorded yet.',
  olderEntries: 'Older entries',
  cliActor: 'cli',
  // Viewers
  viewers: CONSOLE_TITLES.viewers,
  userSearch: 'Search by e-mail or name',
  userSearchButton: 'Search',
  noUsers: 'No account matches.',
  banAction: 'Ban',
  unbanAction: 'Unban',
  endSessionsAction: 'End sessions',
  grantPlanAction: 'Grant a plan',
  grantDays: 'Days',
  confirmBan: (email: string) => `Ban ${email}? Sign-in is refused and every session ends now.`,
  confirmEndSessions: (email: string) => `End every session of ${email}? Each device must sign in again.`,
  banned: (email: string, sessions: number) => `Banned ${email}: sign-in refused, ${sessions} session(s) ended.`,
  alreadyBanned: (email: string) => `${email} was already banned.`,
  unbanned: (email: string) => `Unbanned ${email}.`,
  notBanned: (email: string) => `${email} is not banned.`,
  sessionsEnded: (email: string, sessions: number) => `Ended ${sessions} session(s) of ${email}.`,
  planGranted: (email: string, until: string) => `${email} has a complimentary plan until ${until} UTC.`,
  paidPlanRunning: (email: string, plan: string) =>
    `${email} already has a paid plan (${plan}); its provider owns its dates. Grant a complimentary plan after it ends.`,
  notYourself: 'An operator cannot ban their own account.',
  plan: 'Plan',
  payments: 'Payments',
  sessions: 'Sessions',
  noPlan: 'No plan',
  noPayments: 'No payment yet.',
  noSessions: 'No live session.',
  close: 'Close',
  cancel: 'Cancel',
  // Inbox
  inbox: CONSOLE_TITLES.inbox,
  inboxKinds: { reports: 'Issue reports', messages: 'Contact messages', errors: 'Error reports' },
  inboxStatuses: { new: 'New', seen: 'Seen', resolved: 'Resolved' },
  allStatuses: 'All',
  inboxEmpty: 'Nothing here.',
  openPlayer: 'Open the player there',
  markAs: (status: string) => `Mark ${status.toLowerCase()}`,
  statusChanged: (status: string) => `Marked ${status.toLowerCase()}.`,
  position: 'Playback position',
  // Pages and FAQ
  pages: CONSOLE_TITLES.pages,
  faq: 'FAQ',
  editPage: 'Edit',
  savePage: 'Save',
  pageSaved: (title: string) => `Saved '${title}'.`,
  pageSourceHelp:
    "The first line '# Title' sets the title; then paragraphs, '## ' headings, '- ' lists and [links](/path).",
  addFaq: 'Add a question',
  faqHeader: 'Question',
  faqText: 'Answer',
  faqPosition: 'Position',
  faqSaved: 'Saved.',
  faqDeleted: 'Deleted.',
  deleteFaq: 'Delete',
  confirmDeleteFaq: (header: string) => `Delete the question '${header}'? It disappears from the FAQ page.`,
  olderItems: 'Older',
  actions: 'Actions',
  open: 'Open',
} as const;
