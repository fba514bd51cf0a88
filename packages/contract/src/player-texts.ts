import { ENGLISH_SUBTITLES_TEXTS } from './english-subtitles.js';
import { PLAYER_MESSAGES } from './messages.js';

// The player page's texts, a module of their own: the app's first files
// share player-protocol.ts with the player page (the TV's remote keys), and
// a module used by both goes whole into the files they share. Apart, these
// come only with the player page (decision 0148).

const { reloadPlayer, backupServer } = PLAYER_MESSAGES;

/** What the player page shows and says (labels are the accessible names e2e tests find). */
export const PLAYER_PAGE_TEXTS = {
  player: 'Video player',
  play: 'Play',
  pause: 'Pause',
  seek: 'Seek',
  volume: 'Volume',
  mute: 'Mute',
  unmute: 'Unmute',
  /** The captions on/off button (aria-pressed). */
  subtitles: 'Subtitles',
  subtitleSettings: 'Subtitle settings',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  close: 'Close',
  size: 'Size',
  colour: 'Colour',
  background: 'Background',
  timing: 'Timing',
  earlier: 'Subtitles earlier',
  later: 'Subtitles later',
  reset: 'Reset',
  resetTiming: 'Reset timing',
  dual: 'Turkish line',
  noTurkish: 'This title has no Turkish subtitles.',
  /** An episode out before its English track (issue 28): the note on the stage, and the Turkish track shown meanwhile. */
  englishComing: ENGLISH_SUBTITLES_TEXTS.coming,
  turkishMeanwhile: ENGLISH_SUBTITLES_TEXTS.turkishMeanwhile,
  on: 'On',
  off: 'Off',
  sizeNames: { small: 'Small', medium: 'Medium', large: 'Large', 'x-large': 'Extra large' },
  colourNames: { white: 'White', yellow: 'Yellow', cyan: 'Cyan', green: 'Green' },
  backgroundNames: { none: 'None', outline: 'Outline', box: 'Box' },
  /** The next-episode card at the end of an episode (issue 15, decision 0072). */
  /** The skip button over a recap or an intro (issue 28). */
  skip: { recap: 'Skip recap', intro: 'Skip intro' },
  upNext: {
    // The card's heading is the label the parent sends ('Next episode' / 'Next season').
    playNow: 'Play now',
    cancel: 'Cancel',
    startsIn: (seconds: number) => `Starts in ${seconds} s`,
    stillWatching: 'Are you still watching?',
    continue: 'Continue watching',
    stop: 'Stop',
  },
  /** Followed by the position, e.g. 'Resume from 23:41'. */
  resumeFrom: 'Resume from',
  startOver: 'Start over',
  loading: 'Loading…',
  renewing: 'Renewing your viewing link…',
  switching: 'Switching to the backup server…',
  errors: {
    noToken: 'This player link has no viewing token. Open the video from its page on the site.',
    refused: `Your viewing link has expired or is not valid for this video (403). Press ${reloadPlayer}; if that does not help, sign in again.`,
    notFound: 'This video is not available (404).',
    unreachable: `The video server could not be reached. Try the ${backupServer} or press ${reloadPlayer}.`,
    serverError: `The video server answered with an error. Try the ${backupServer} or press ${reloadPlayer}.`,
    allServersFailed: `The video could not be loaded from any server. Check your connection and press ${reloadPlayer}.`,
    unsupported: 'This browser cannot play this video. Update the browser or try another one.',
    badInfo: `The video server sent a description this player cannot read. Press ${reloadPlayer}.`,
  },
} as const;
