import type { PlayerInfo } from '@bosphorus/contract';
import type { MediaEngine } from './engine';
import type { FailoverState } from './failover';
import type { createParentLink } from './protocol';
import type { PlayerQuery } from './query';
import type { PlayerUi } from './ui';
import type { Loading } from './loading';
import type { Tokens } from './tokens';
import type { SubtitleTracks } from './subtitle-tracks';
import type { Controls } from './controls';
import type { Playback } from './playback';
import type { Resume } from './resume';
import type { Progress } from './progress';
import type { Remote } from './remote';
import type { UpNext } from './up-next';
import type { Skip } from './skip';

// What the parts of the player page share (player.ts builds it once): the
// window, the markup, the query, the link to the parent, the state more
// than one part reads, and each part's functions. A part calls another part
// only through `ctx.<part>` and only after start-up (the parts are all there
// by then), so none of them needs to know the order they were made in.

export interface PlayerMetrics {
  /** performance.now() at the first play intent (click, key, or an init with startAt). */
  playIntent: number | null;
  /** The first frame presented after it (requestVideoFrameCallback, else the first timeupdate past 0). */
  firstFrame: number | null;
  /** The first 'playing' event after it. */
  playing: number | null;
}

/** State read by more than one part; each part keeps the rest to itself. */
export interface PlayerState {
  /** The token in use (the query's, then each renewed one). */
  token: string | null;
  /** The web app's origin: the meta the server writes, then info.json's. */
  appOrigin: string | null;
  info: PlayerInfo | null;
  failover: FailoverState;
  engine: MediaEngine | null;
  engineLoaded: boolean;
  /** The viewer pressed play at least once (or an init started playback). */
  started: boolean;
  /**
   * In a frame, until the watch page's init has come (or its wait ran out):
   * the init may say "play now" (the viewer's press on Watch Now), so the
   * big Play button waits for it rather than flashing up first (issue 26).
   */
  awaitingInit: boolean;
  wantPlaying: boolean;
  gaveUp: boolean;
  /** The last give-up was a refused token: a token from the parent may still revive the page. */
  refusedGiveUp: boolean;
  /** A refusal asked the parent for a token and it has not come yet. */
  awaitingToken: boolean;
  /** When a token that answered a refusal arrived (a second refusal soon after stops the renewals). */
  refusalRenewedAt: number;
  tokenWaitTimer: ReturnType<typeof setTimeout> | undefined;
  /** Where to start again once the awaited token comes. */
  pendingPosition: number;
  /** The last position the video reported past 0 (the video's own is 0 during a rebuild). */
  lastPosition: number;
}

export interface PlayerContext {
  win: Window;
  doc: Document;
  ui: PlayerUi;
  video: HTMLVideoElement;
  query: PlayerQuery;
  ownOrigin: string;
  link: ReturnType<typeof createParentLink>;
  metrics: PlayerMetrics;
  state: PlayerState;
  loading: Loading;
  tokens: Tokens;
  subtitles: SubtitleTracks;
  playback: Playback;
  controls: Controls;
  remote: Remote;
  resume: Resume;
  progress: Progress;
  upNext: UpNext;
  skip: Skip;
}
