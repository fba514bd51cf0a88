// Spec §2/§8 texts used by both sides, copied exactly. Keep every user-facing
// spec string here so tests can import the same constant the UI shows.

import { MAX_BODY_DEPTH } from './constants.js';

export const MESSAGES = {
  noResults: 'No Results',
  noEpisodesFound: 'No episodes found matching your search.',
  subtitlesEng: 'Subtitles: Eng',
  searchPlaceholder: 'Series,actors',
  loading: 'Loading...',
  seasonFinale: 'Season Finale',
  ended: 'Ended',
  ongoing: 'Ongoing',
  watchNow: 'Watch Now',
  watchTrailer: 'Watch Trailer',
  playTrailer: 'Play Trailer',
  moreDetail: 'More Detail',
  loginNow: 'Login Now',
  register: 'Register',
  topCast: 'Top Cast',
  trailer: 'Trailer',
  reviews: 'Reviews',
  episodes: 'Episodes',
  recommended: 'Recommended',
  topSeries: 'Top Series',
  recentSeries: 'Recent Series',
  latestEpisodes: 'Latest episodes',
  topMovies: 'Top Movies',
  recentMovies: 'Recent Movies',
  // Issue 15: the last slide of a row, leading to the row's list (ours, not the spec's).
  seeAll: 'See all',
  allSeries: 'All Series',
  allMovies: 'All Movies',
  year: 'Year',
  status: 'Status',
  genre: 'Genre',
  // Header notification dropdown (spec §2 Header).
  notificationTitle: 'Notification',
  deleteAll: 'Delete All',
  noNotifications: 'No notifications yet',
} as const;

/** The accessible name of a row's "See all" slide: 'See all Top Series'. */
export function seeAllLabel(row: string): string {
  return `${MESSAGES.seeAll} ${row}`;
}

/** 'Season' for one or fewer, otherwise 'Seasons' (spec §2 Series detail). */
export function seasonCountLabel(count: number): string {
  return `${count} ${count <= 1 ? 'Season' : 'Seasons'}`;
}

export const API_ERRORS = {
  notFound: 'Not found',
  routeNotFound: 'This API path does not exist',
  loginRequired: 'Please sign in to watch.',
  badId: 'must be a positive whole number',
  internal: 'Something went wrong on our side. Please try again later.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  unstorableText: 'contains a character that is not allowed (a NUL byte or broken Unicode)',
  /** Issue 16: a body nested deeper than MAX_BODY_DEPTH levels (every form and JSON call is 2–3 deep). */
  tooDeep: `is nested too deeply: at most ${MAX_BODY_DEPTH} levels`,
  /** Issue 16: a multipart body without a boundary, truncated or otherwise unreadable. */
  badMultipart: 'is not a readable multipart/form-data body',
  /** Issue 16: a path that does not decode (bad percent-encoding); the path itself is never echoed. */
  badUrl: 'This address is not valid',
  /** Issue 16: a payment provider or another service we call failed; the client may try again. */
  upstream: 'A service we depend on failed. Please try again later.',
  /** Issue 16: the database connection was lost mid-request (Retry-After says when to try again). */
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;

/** Spec §2 Sign-in / Sign-up / Forgot / Verification popup labels, copied exactly. */
export const AUTH_LABELS = {
  welcomeBack: 'Welcome Back',
  enterDetails: 'Please enter your details here',
  or: 'OR',
  forgotPassword: 'Forgot password?',
  logIn: 'Log In',
  noAccount: "Don't have an account?",
  createAccount: 'Create an account',
  submit: 'Submit',
  verificationTitle: 'Email Verification Required',
  resendCode: 'Resend Code',
  verifyEmail: 'Verify Email',
  logOut: 'Log Out',
  login: 'Login',
} as const;

/** Spec §8 texts about accounts and sessions, copied exactly. */
export const AUTH_MESSAGES = {
  // Account and session
  banned: 'Your account has been banned.',
  bannedHeader: 'Your account has been banned. You will be logged out.',
  verificationRequired: 'Email verification required',
  emailNotVerified: 'Email not verified',
  invalidResponseFormat: 'Invalid response format',
  failedToGetToken: 'Failed to get token',
  userAccountNotFound: 'User account not found. You have been logged out.',
  accountNotFound: 'Your account was not found. You have been logged out.',
  serverConnectionError: 'Server connection error',
  systemUnavailable: 'The system is currently unavailable. We will be back to serve you as soon as possible.',
  // Sign-in toasts (bottom-left, 5 s)
  userNotFound: 'User not found. Please check your credentials.',
  invalidRequest: 'Invalid request. Please try again.',
  internalServerError: 'Internal server error. Please try again later.',
  invalidPasswordServer: 'Invalid Password!',
  invalidPassword: 'Invalid password. Please try again.',
  errorOccurredPrefix: 'An error occurred: ',
  unexpectedError: 'An unexpected error occurred. Please try again later.',
  // Registration
  registrationFailed: 'Registration failed',
  loginFailedAfterRegistration: 'Login failed after registration',
  registrationSuccessfulVerify: 'Registration successful! Please verify your email.',
  // Validation
  fillAllFields: 'Please fill in all fields.',
  completeCaptcha: 'Please complete the reCAPTCHA verification.',
  agreeTerms: 'Please agree to the Terms & Conditions.',
  completeCaptchaGoogle: 'Please complete the reCAPTCHA verification before signing in with Google.',
  noBlankSpace: 'Please do not leave any blank space on the form',
  notAuthenticated: 'User not authenticated. Please login again.',
  completeCode: 'Please enter the complete 6-digit code',
  // Verification
  failedToSendCode: 'Failed to send verification code',
  verificationFailed: 'Verification failed',
  invalidCode: 'Invalid verification code',
  codeSent: 'Verification code sent successfully!',
  emailVerified: 'Email verified successfully!',
  existingCode: 'You have an existing verification code. Please use it or wait to request a new one.',
  // Password and profile
  resetLinkSent: 'verification link send check your email',
  passwordReset: 'Password reset successfully',
  profileUpdated: 'Profile updated successfully',
  // Sign-in limits (issue 10; not spec texts): 429 answers the sign-in screen shows as they are.
  accountLocked:
    'Too many failed sign-in attempts for this account. Please try again in 15 minutes or reset your password.',
  networkThrottled: 'Too many failed sign-in attempts from your network. Please try again in a few minutes.',
  /** Issue 27: an account others have been guessing at asks a guessing address for a proof of work (400, field captcha). */
  signInChallenge:
    'There have been many failed sign-in attempts for this account. Please complete the verification, then log in again.',
} as const;

/** Server texts of our own (not in the spec) for account errors. */
export const AUTH_ERRORS = {
  emailTaken: 'An account with this e-mail already exists.',
  passwordTooShort: 'must be at least 8 characters',
  passwordTooLong: 'must be at most 256 characters',
  invalidEmail: 'must be an e-mail address',
  required: 'is required',
  codeExpired: 'This code has expired. Please request a new one.',
  tooManyAttempts: 'Too many wrong codes. Please request a new one.',
  resendCooldown: 'Please wait before requesting a new code.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  unauthorized: 'Please sign in again.',
  forbidden: 'You cannot access another account.',
  refreshRequired: 'A refresh credential is required.',
  crossOrigin: 'Cross-origin request refused.',
  googleUnavailable: 'Google sign-in is unavailable.',
  captchaFailed: 'Please complete the reCAPTCHA verification.',
  avatarType: 'must be a PNG, JPEG, WebP or GIF image',
  avatarTooLarge: 'must be at most 2 MB',
  currentPasswordRequired: 'Enter your current password to set a new one.',
  currentPasswordWrong: 'Your current password is not correct.',
  noPasswordYet:
    'This account signs in with Google and has no password yet. Use "Forgot password?" on the sign-in page to set one by e-mail.',
  tooManyFailures: 'Too many failed attempts. Please try again later.',
} as const;

/** Server texts of our own (not in the spec) for account answers. */
export const AUTH_TEXTS = {
  userNotFound: 'User not found',
  registered: 'Registration successful!',
  loggedOut: 'You have been logged out.',
  deviceForgotten: 'Device unregistered',
} as const;

/**
 * Why the sign-in and plan screens opened when a viewer pressed Watch Now
 * (issue 15, decision 0074): shown above the form, with the way back kept in `next`.
 */
export const WATCH_GATE_TEXTS = {
  signInToWatch: 'Sign in to watch this title. You will come straight back to it afterwards.',
  choosePlanToWatch: 'Choose a plan to watch this title. After paying you will come straight back to it.',
  returningAfterRegistration: 'Taking you back to what you wanted to watch…',
  returningHome: 'Taking you to the home page…',
} as const;

/**
 * A missing captcha, said for the captcha that is there (issue 15): the spec's
 * texts name reCAPTCHA, which is only right when reCAPTCHA is the provider;
 * the self-hosted ALTCHA check is called what the viewer sees, a verification.
 */
export const CAPTCHA_TEXTS = {
  completeSelfHosted: 'Please complete the verification ("I\'m not a robot").',
  completeSelfHostedGoogle: 'Please complete the verification ("I\'m not a robot") before signing in with Google.',
} as const;

export function missingCaptchaText(provider: 'altcha' | 'recaptcha' | 'off', google = false): string {
  if (provider === 'recaptcha') return google ? AUTH_MESSAGES.completeCaptchaGoogle : AUTH_MESSAGES.completeCaptcha;
  return google ? CAPTCHA_TEXTS.completeSelfHostedGoogle : CAPTCHA_TEXTS.completeSelfHosted;
}

/** Server texts of our own for Google sign-in (the `error` of the page it returns to, or a 401). */
export const OAUTH_TEXTS = {
  cancelled: 'Google sign-in was cancelled.',
  failed: 'Google sign-in failed. Please try again.',
  emailNotVerified: 'Your Google account has no verified e-mail address.',
  expired: 'This sign-in link has expired. Please sign in again.',
} as const;

/** Spec §2/§4/§8 texts of plans, payments and the player, copied exactly. */
export const PLAYER_MESSAGES = {
  // Choose plan (§2, §5, §8)
  payAndEnter: 'Pay & Enter',
  chooseAPlan: 'Choose a plan',
  pleaseChoosePlan: 'Please choose a plan',
  paymentInitFailed: 'Payment initialization failed. Please try again.',
  // Subscription screen (§4, §8)
  noActiveSubscription: 'No Active Subscription',
  manageFailed: 'Failed to redirect to subscription management page',
  activeUntil: 'Active until',
  // Players (§2, §8)
  mainServer: 'Main Server',
  backupServer: 'Backup Server',
  reloadPlayer: 'Reload Player',
  report: 'Report',
  failedToReport: 'Failed to report',
  reportSent: 'Issue report has been sent successfully.',
  reportFailed: 'An error occurred while sending the issue report.',
} as const;

/** Server texts of our own (not in the spec) for plans, payments and playback. */
export const BILLING_ERRORS = {
  notSubscribed: 'An active plan is required to watch. Please choose a plan.',
  unknownPackage: 'This plan does not exist or is no longer offered.',
  alreadySubscribed: 'You already have an active plan.',
  checkoutInProgress: 'A checkout for this account is already in progress. Please finish or cancel it first.',
  providerUnavailable: 'This payment method is not available right now.',
  noSubscriptionToManage: 'There is no subscription to manage.',
  badSignature: 'The webhook signature could not be verified.',
  noActiveSubscriptionMessage: 'You have no active subscription.',
  activeMessage: 'Your subscription is active.',
  cancelingMessage: 'Your subscription is active and will not renew after the end date.',
  /** A plan paid once (the days plan, PayPal, complimentary): it ends on its end date. */
  passMessage: 'Your plan is active until the end date. It does not renew.',
  pastDueMessage: 'Your last payment did not go through. Update your payment method to keep watching.',
  /** Manage on a plan that does not renew. */
  nothingToManage: 'This plan does not renew: it simply ends on its end date, so there is nothing to manage.',
  checkoutNotFound: 'There is no such checkout for this account.',
  checkoutPending: 'We are waiting for the payment provider to confirm your payment.',
  checkoutFailed: 'The payment was not completed. No plan was granted.',
} as const;

/** Server texts of our own (not in the spec) for the player's calls and its media. */
export const PLAYBACK_TEXTS = {
  /** Every media file without a valid playback token for its video (403). */
  mediaRefused: 'This viewing link is not valid for this video or has expired. Reload the player.',
  mediaNotFound: 'This file is not part of the video.',
  noMedia: 'This title cannot be played yet.',
  progressSaved: 'Progress saved.',
  subtitleSettingsSaved: 'Subtitle settings saved.',
  playerSettingsSaved: 'Player settings saved.',
  /** The viewer setting of issue 28 (the watch page's switch). */
  autoSkip: 'Skip recaps and intros automatically',
  autoSkipHint: 'Never in the first episode of a series you watch.',
} as const;

/**
 * Favorites (the API's wishlist, `wactchLater`) and the per-series notification toggle (spec §4 Toggles, §8;
 * decision 0022). A viewer reads one name for the list, the spec's Favorites, everywhere (issue 15, decision 0075).
 */
/**
 * The list pages' heading and introduction (/allseries, /allmovies): the
 * app's and the served page shell's (decision 0099).
 */
export const LIST_PAGE_TEXTS = {
  series: { title: MESSAGES.allSeries, intro: 'Every Turkish series on Bosphorus, with English subtitles.' },
  movies: { title: MESSAGES.allMovies, intro: 'Every Turkish movie on Bosphorus, with English subtitles.' },
  /** The sort toggle's text while no order is chosen. */
  sort: 'Sort',
} as const;

/** Spec §4 Toggles: the icon follows the message, not a guess. */
export const isAddedMessage = (message: string) => message.includes('added');
export const isTurnedOnMessage = (message: string) => message.includes('turned on');

export const LIBRARY_TEXTS = {
  /** Server answers: spec §4 flips the icon on 'added' / 'turned on'. */
  wishlistAdded: (title: string) => `${title} added to Favorites`,
  wishlistRemoved: (title: string) => `${title} removed from Favorites`,
  notificationsOn: (title: string) => `Notifications turned on for ${title}`,
  notificationsOff: (title: string) => `Notifications turned off for ${title}`,
  /** 403 for a signed-in user without an active plan (spec §6). */
  planRequired: 'An active plan is required for Favorites and notifications. Please choose a plan.',
  /** A form id that names another title than the path (400). */
  idMismatch: 'must be the same id as in the address',
  /** Spec §8 toasts (3 s, spec §9). */
  toastAdded: (title: string, year: number) => `${title} (${year}) added to Favorites!`,
  toastRemoved: (title: string, year: number) => `${title} (${year}) removed from Favorites!`,
  toastNotificationsOn: (title: string) => `${title} notifications enabled`,
  toastNotificationsOff: (title: string) => `${title} notifications disabled`,
  toggleFailed: 'That did not work. Please try again.',
  /** The Favorites page (spec §2 Profile area). */
  favoritesTitle: 'Favorites',
  filterAll: 'All',
  filterMovies: 'Movies',
  filterSeries: 'Series',
  emptyTitle: 'No Favorites yet',
  emptyHint: 'Tap the bookmark on any movie or series to keep it here.',
  emptyFilteredMovies: 'No movies in your Favorites yet.',
  emptyFilteredSeries: 'No series in your Favorites yet.',
  browseSeries: 'Browse Turkish Series',
  browseMovies: 'Browse Turkish Movies',
  loadFailed: 'Your Favorites could not be loaded.',
  /** Accessible names of the toggles. */
  watchlistFor: (title: string) => `Favorites: ${title}`,
  watchlistLabel: 'Favorites',
  notificationsLabel: (title: string) => `New episode notifications for ${title}`,
} as const;

/** Spec §2/§8 history texts (copied exactly) and our own for history and the home rows (decision 0024). */
export const HISTORY_TEXTS = {
  // Spec §8 Notifications and history.
  deletedAll: 'All watch history deleted successfully',
  deleteFailed: 'Error occurred while deleting history',
  // Spec §2 Profile area: the screen and its filter (§4 Other screens).
  title: 'History',
  filterAll: 'All',
  filterMovies: 'Movies',
  filterSeries: 'Series',
  // Ours.
  deleteAllButton: 'Delete all',
  confirmTitle: 'Delete all watch history?',
  confirmText: 'Everything you watched disappears from History, Continue Watching and Next Up. This cannot be undone.',
  confirmDelete: 'Delete',
  cancel: 'Cancel',
  empty: 'Nothing watched yet',
  emptyHint: 'Titles you watch appear here, with where you left off.',
  emptyFiltered: 'No Results',
  browse: 'Browse series',
  continueWatching: 'Continue Watching',
  nextUp: 'Next Up',
  planRequired: 'An active plan is required to see your watch history. Please choose a plan.',
} as const;

/** Reviews and replies (spec §8 Review, decision 0021): the spec's toast and our own texts. */
export const REVIEW_TEXTS = {
  /** Spec §8: the toast after a review is posted (also the API's `message`). */
  reviewAdded: 'Successfully add review',
  replyAdded: 'Reply posted.',
  reviewDeleted: 'Review deleted.',
  replyDeleted: 'Reply deleted.',
  reviewNotFound: 'There is no such review on this title.',
  replyNotFound: 'There is no such reply on this title.',
  onlyAuthor: 'Only its author can delete this.',
  episodeNotOfSeries: 'is not an episode of this series',
  episodeOnMovie: 'only a series has episodes',
  signInToReview: 'Sign in to write a review',
  writeReview: 'Write a review',
  yourRating: 'Your rating',
  reviewLabel: 'Your review',
  containsSpoilers: 'Contains spoilers',
  showSpoiler: 'show',
  postReview: 'Post review',
  reply: 'Reply',
  replyLabel: (user: string) => `Reply to ${user}`,
  postReply: 'Post reply',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteReview: 'Delete your review',
  deleteReply: 'Delete your reply',
  /** The question before a delete (issue 15, decision 0077). */
  confirmDeleteReviewTitle: 'Delete your review?',
  confirmDeleteReviewText: 'Your review, its rating and the replies to it leave this page. This cannot be undone.',
  confirmDeleteReplyTitle: 'Delete your reply?',
  confirmDeleteReplyText: 'Your reply leaves this page. This cannot be undone.',
  ratingRequired: 'Choose a rating from 1 to 10 stars.',
  textRequired: 'Write a few words first.',
  episodeReviews: 'Episode reviews',
  noEpisodeReviews: 'No reviews of this episode yet.',
} as const;

/** FAQ, policy pages and contact (spec §2 Profile area, §5 Contact, §8; decision 0025). */
export const SUPPORT_TEXTS = {
  /** Spec §8 Other messages: the contact form's success, copied exactly. */
  emailSent: 'Email Send successfully',
  faqTitle: 'Frequently asked questions',
  faqEmpty: 'There are no questions here yet. If you need help, write to us.',
  faqFailed: 'The questions could not be loaded right now. Please try again in a moment, or write to us.',
  pageFailed: 'This page could not be loaded right now. Please try again in a moment.',
  pageNotFound: 'This page does not exist.',
  lastUpdated: 'Last updated',
  contactTitle: 'Contact us',
  contactIntro: 'Questions about your plan, a title or your account? Write to us and we answer by e-mail.',
  contactSend: 'Send message',
  contactSending: 'Sending…',
  contactLabels: { name: 'Name', email: 'E-mail', subject: 'Subject', message: 'Message' },
  /** Server texts of our own. */
  mailSubjectPrefix: 'Contact form',
  tooLong: (max: number) => `must be at most ${max} characters`,
  invalidEmail: 'must be an e-mail address',
  required: 'is required',
  badSlug: 'must be a page name of lower-case letters, digits and dashes',
} as const;

/** New-episode notifications: the header bell, its answers and Web Push (spec §2 Header, §8; decision 0023). */
export const NOTIFICATION_TEXTS = {
  /** Spec §2 Header: the dropdown's title, its button and its empty state. */
  title: 'Notification',
  deleteAll: 'Delete All',
  empty: 'No notifications yet',
  /** Spec §8 toasts (5 s). */
  deletedAll: 'All notifications deleted successfully',
  deleteFailed: 'Error occurred while deleting notifications',
  /** Server answers. */
  markedRead: 'Notification marked as read',
  deviceRegistered: 'Device registered',
  /** A notification's content: season and episode, then the title. */
  episodeAvailable: (season: number, episode: number, title: string) =>
    `S${season} E${episode} · ${title} is now available`,
  /** The bell button's accessible name. */
  bellLabel: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  loadFailed: 'Notifications could not be loaded.',
  /** Web Push: asked only after this press, never on load, never twice after a refusal. */
  enablePush: 'Notify me on this device',
  pushEnabled: 'Notifications are on for this device',
  pushDenied: 'Notifications are blocked for this site in your browser settings.',
  pushUnsupported: 'This browser cannot show notifications.',
  pushFailed: 'Notifications could not be turned on for this device.',
  /** Invalid push subscription JSON in POST /fcm. */
  badSubscription: 'must be a push subscription (JSON with endpoint and keys)',
  insecureEndpoint: 'must be an https:// push service address',
} as const;

/**
 * Spec §2 System error screen and §8 Application error screen: the texts the
 * start-up script (apps/web/startup) draws, copied exactly where the spec
 * gives them; hints, labels and the start-up timeout are ours. The script is
 * built from this object (apps/web/startup/build.ts), never a hand copy.
 */
export const SYSTEM_ERROR_TEXTS = {
  title: 'System Error',
  intro: 'An error occurred while loading the application. Please try refreshing the page.',
  refresh: 'Refresh Page',
  copy: 'Copy Error Details',
  copied: 'Error details copied to clipboard!',
  copyFailed: 'Failed to copy',
  closing: 'If the problem persists, please contact support with the error details above.',
  /** §8 hints, one per kind of error. */
  hints: {
    script:
      'A script could not be loaded or was blocked (a network, CORS or content-blocker problem). Check your connection and refresh the page.',
    syntax:
      'This browser could not read the application code. Clear the browser cache, or update the browser, then refresh the page.',
    type: 'Something in the application did not work in this browser. Refresh the page, or update the browser.',
    timeout: 'The application took too long to start. Check your connection and refresh the page.',
  },
  /** §8: the fields the screen shows, in order. */
  fields: {
    name: 'Name',
    message: 'Message',
    source: 'Source file',
    line: 'Line',
    column: 'Column',
    stack: 'Stack',
    pageUrl: 'Page URL',
    userAgent: 'User agent',
    timestamp: 'Timestamp',
    errorType: 'Error type',
  },
  /** Spec §4 Start-up: the error the 15-second timer shows when the root is still empty. */
  startupTimeoutName: 'StartupTimeoutError',
  startupTimeout: 'The application did not start within 15 seconds.',
  /** Spec §8: the recursion guard's error. */
  recursion: 'Maximum recursion depth exceeded',
  /** `POST /api/error-reports` answer. */
  reportReceived: 'Error report received',
} as const;

/** Technical support page (spec §2 Profile area, §7; decision 0053). */
export const TECH_SUPPORT_TEXTS = {
  title: 'Technical support',
  intro: 'What this device and our servers look like from here. Share it with support when something does not work.',
  connection: 'Your connection',
  ipAddress: 'IP address',
  userAgent: 'User agent',
  vpn: 'VPN or proxy',
  vpnYes: 'Detected',
  vpnNo: 'Not detected',
  vpnUnknown: 'Unknown',
  clearStorage: 'Clear browser storage and reload',
  cdnGroup: 'CDN test',
  backendGroup: 'Backend test',
  runAgain: 'Run tests again',
  running: 'Testing…',
  ok: (ms: number) => `Success · ${ms} ms`,
  failed: (status: number | null) => (status === null ? 'Failed · no answer' : `Failed · status ${status}`),
  infoFailed: 'Your connection details could not be loaded.',
  checks: {
    mainManifest: 'Main server: playlist',
    mainSegment: 'Main server: video segment',
    backupSegment: 'Backup server: video segment',
    root: 'Web site',
    api: 'API',
    signedIn: 'Signed-in call',
  },
} as const;

/** Lazily loaded page code that failed (decision 0052). */
export const PAGE_LOAD_TEXTS = {
  title: 'This page could not be loaded',
  offline: 'We could not reach Bosphorus. We will try again as soon as the connection is back.',
  retrying: 'Trying again…',
  retry: 'Try again',
} as const;
