import { PLAYER_MESSAGES } from './messages.js';
import type { SubtitleSettings } from './playback.js';

// The runtime part of the player contract, without zod: the player page
// (apps/web/src/player) imports this file alone (`@bosphorus/contract/player-protocol`)
// so it stays a few KB and never loads the schema library. The schemas and
// the message types are in playback.ts.

/** Subtitle look, saved per account (the timing offset is per title and device, in the player). */
export const SUBTITLE_SIZES = ['small', 'medium', 'large', 'x-large'] as const;
export const SUBTITLE_COLORS = ['white', 'yellow', 'cyan', 'green'] as const;
export const SUBTITLE_BACKGROUNDS = ['none', 'outline', 'box'] as const;
export const DEFAULT_SUBTITLE_SETTINGS: SubtitleSettings = {
  size: 'medium',
  color: 'white',
  background: 'outline',
  dual: false,
};

export const PLAYER_MESSAGE_SOURCE = 'bosphorus-player';

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
  on: 'On',
  off: 'Off',
  sizeNames: { small: 'Small', medium: 'Medium', large: 'Large', 'x-large': 'Extra large' },
  colourNames: { white: 'White', yellow: 'Yellow', cyan: 'Cyan', green: 'Green' },
  backgroundNames: { none: 'None', outline: 'Outline', box: 'Box' },
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
