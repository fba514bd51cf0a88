// Spec §2/§8 texts used by both sides, copied exactly. Keep every user-facing
// spec string here so tests can import the same constant the UI shows.

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
} as const;
