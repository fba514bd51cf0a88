import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import {
  PLAYER_MESSAGE_SOURCE,
  readPlayerRemoteMessage,
  subtitleSettings as subtitleSettingsSchema,
  type FocusDirection,
  type ParentToPlayer,
  type PlayerMarker,
  type PlayerToParent,
  type SubtitleSettings,
  type VideoType,
} from '@bosphorus/contract';
import { saveProgress } from '../api/save-progress';
import { saveSubtitleSettings } from '../api/save-subtitle-settings';

// The web page's half of the player protocol (contract playback.ts,
// ParentToPlayer / PlayerToParent). The player is a page of the media
// origin in our iframe; it says 'ready', reports its position, asks for a
// fresh token, and tells us when it failed over or hit an error. We answer
// with 'init' and 'token', and keep the position for the account.
//
// Trust: a message counts only if it comes from our iframe's window AND
// from one of the watch answer's player origins (main or backup), carrying
// our source tag. Anything else on `message` (extensions, other frames,
// a page that framed us) is ignored. Replies go to that origin only, never
// '*', because a reply can carry a playback token.

/** Save the position at most this often while playing (plus on end, pause via trailing save, and leave). */
export const PROGRESS_SAVE_INTERVAL_MS = 10_000;

export interface RenewedToken {
  token: string;
  expiresAt: string;
}

export interface PlayerBridgeOptions {
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** Origins the player page may speak from: those of the main and backup links. */
  allowedOrigins: readonly string[];
  videoType: VideoType;
  videoId: number;
  userId: string | number | null;
  /** The saved position to offer ("Resume from …"); 0 for none. */
  resumeSeconds: number;
  /** Start here instead (a link with `?t=`: the console's "Open the player there"); no resume offered. */
  startAt?: number;
  subtitleSettings: SubtitleSettings;
  /** The episode's recap, intro, credits and preview (issue 28), told to the player in 'init'. */
  markers?: PlayerMarker[];
  /** Skip the recap and intro by themselves (the account's setting, where it applies: the watch answer's auto_skip_here). */
  autoSkip?: boolean;
  /** Ask the server for the watch answer again and return its fresh token. */
  renewToken: () => Promise<RenewedToken>;
  /** The player moved to the backup origin by itself (no reload here). */
  onFailover?: (position: number) => void;
  /** The viewer changed the subtitle look in the player (already saved). */
  onSettings?: (settings: SubtitleSettings) => void;
  /** A playback error other than a refused token, in the player's words. */
  onError?: (message: string) => void;
  /** The remote went past the edge of the player's controls (use-player-remote.ts). */
  onFocusExit?: (direction: FocusDirection) => void;
  /** Back in the player with nothing open there: leave the watch page. */
  onBack?: () => void;
  /** Start the frame at once (at the resume position): the viewer came from the last episode's card. */
  autoplay?: boolean;
  /** The episode ended: what the next-episode card shows, or null when nothing follows (decision 0072). */
  onEnded?: () => UpNextOffer | null;
  /** Play the next episode: `auto` when the card's countdown ran out. */
  onNext?: (auto: boolean) => void;
  /** The viewer pressed a key or touched the player. */
  onActivity?: () => void;
}

/** The next-episode card's content (contract 'up-next'). */
export type UpNextOffer = Pick<Extract<ParentToPlayer, { type: 'up-next' }>, 'label' | 'title' | 'ask'>;

export interface PlayerBridge {
  /** The last position the player reported, in seconds (0 before any). */
  getPosition: () => number;
  /** Save an unsaved position now (keepalive when the page is going away). */
  flushProgress: (options?: { keepalive?: boolean }) => void;
}

interface Snapshot {
  position: number;
  duration: number;
  at: number;
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A message from the player, or null when it is not one of ours or is malformed. */
export function readPlayerMessage(data: unknown): PlayerToParent | null {
  if (!data || typeof data !== 'object') return null;
  const msg = data as { source?: unknown; type?: unknown } & Record<string, unknown>;
  if (msg.source !== PLAYER_MESSAGE_SOURCE || typeof msg.type !== 'string') return null;
  switch (msg.type) {
    case 'ready':
    case 'token-needed':
    case 'ended':
    case 'credits':
    case 'activity':
      return msg as PlayerToParent;
    case 'next':
      return typeof msg.auto === 'boolean' ? (msg as PlayerToParent) : null;
    case 'progress':
      return isFiniteNumber(msg.position) && isFiniteNumber(msg.duration) && msg.position >= 0 && msg.duration >= 0
        ? (msg as PlayerToParent)
        : null;
    case 'failover':
      return isFiniteNumber(msg.position) ? (msg as PlayerToParent) : null;
    case 'position':
      return isFiniteNumber(msg.position) && msg.position >= 0 ? (msg as PlayerToParent) : null;
    case 'settings':
      return subtitleSettingsSchema.safeParse(msg.settings).success ? (msg as PlayerToParent) : null;
    case 'error':
      return typeof msg.message === 'string' ? (msg as PlayerToParent) : null;
    case 'focus-exit':
    case 'back':
      return readPlayerRemoteMessage(msg);
    default:
      return null;
  }
}

export function usePlayerBridge(options: PlayerBridgeOptions): PlayerBridge {
  // Latest options without re-subscribing the listener on every render. Set
  // in the commit, before the frame the same commit adds can say 'ready':
  // its page carries its info (decision 0105), so it says so as its script
  // runs, which may be before this page's effects (after a paint) have run.
  const opts = useRef(options);
  useLayoutEffect(() => {
    opts.current = options;
  });

  const position = useRef(0);
  /** True once a frame of this page reported playing: rebuilt frames then play on by themselves. */
  const played = useRef(false);
  const latest = useRef<Snapshot | null>(null);
  const unsaved = useRef(false);
  const lastSaveAt = useRef(Number.NEGATIVE_INFINITY);
  const trailing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const renewing = useRef<Promise<RenewedToken> | null>(null);

  const flushProgress = useCallback(({ keepalive = false }: { keepalive?: boolean } = {}) => {
    clearTimeout(trailing.current);
    trailing.current = undefined;
    const snapshot = latest.current;
    const { userId, videoType, videoId } = opts.current;
    if (!unsaved.current || !snapshot || userId === null) return;
    unsaved.current = false;
    lastSaveAt.current = Date.now();
    saveProgress(
      userId,
      {
        video_type: videoType,
        video_id: String(videoId),
        position_seconds: Math.floor(snapshot.position),
        duration_seconds: Math.floor(snapshot.duration),
        client_time: Math.floor(snapshot.at),
      },
      { keepalive },
    ).catch(() => {
      // Offline or a server hiccup: the next report from the player tries again.
    });
  }, []);

  const handleProgress = useCallback(
    (snapshot: Snapshot) => {
      position.current = snapshot.position;
      played.current = true;
      // Before its metadata the player knows no duration: nothing worth keeping yet.
      if (snapshot.duration <= 0) return;
      latest.current = snapshot;
      unsaved.current = true;
      const since = Date.now() - lastSaveAt.current;
      if (since >= PROGRESS_SAVE_INTERVAL_MS) flushProgress();
      // Within the interval the last position still gets saved at its end,
      // so a pause right after a save is not lost.
      else trailing.current ??= setTimeout(() => flushProgress(), PROGRESS_SAVE_INTERVAL_MS - since);
    },
    [flushProgress],
  );

  // Listening from the commit that adds the frame, for the same reason.
  useLayoutEffect(() => {
    function handleMessage(event: MessageEvent) {
      const frameWindow = opts.current.frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow) return;
      if (!opts.current.allowedOrigins.includes(event.origin)) return;
      const message = readPlayerMessage(event.data);
      if (!message) return;
      const targetOrigin = event.origin;
      const reply = (msg: ParentToPlayer) => frameWindow.postMessage(msg, targetOrigin);

      const renew = () => {
        renewing.current ??= opts.current.renewToken().finally(() => {
          renewing.current = null;
        });
        renewing.current.then(
          ({ token, expiresAt }) => reply({ source: PLAYER_MESSAGE_SOURCE, type: 'token', token, expiresAt }),
          () => {
            // The page shows why (a plan that ended goes to /choosepayment).
          },
        );
      };

      switch (message.type) {
        case 'ready': {
          const { resumeSeconds, subtitleSettings, autoplay } = opts.current;
          // Once this page has played, a new frame (reload, server switch)
          // starts where the last one was, without asking again; a report's
          // link (`?t=`) starts at its position; the next episode chosen on
          // the card (or counted down) starts by itself.
          const startAt = played.current
            ? Math.floor(position.current)
            : (opts.current.startAt ?? (autoplay ? Math.floor(resumeSeconds) : undefined));
          reply({
            source: PLAYER_MESSAGE_SOURCE,
            type: 'init',
            resumeSeconds: startAt === undefined ? resumeSeconds : 0,
            subtitleSettings,
            ...(startAt !== undefined ? { startAt } : {}),
            ...(opts.current.markers?.length ? { markers: opts.current.markers } : {}),
            ...(opts.current.autoSkip ? { autoSkip: true } : {}),
          });
          break;
        }
        case 'progress':
          handleProgress({
            position: message.position,
            duration: message.duration,
            at: isFiniteNumber(message.at) ? message.at : Date.now(),
          });
          break;
        case 'ended':
          if (latest.current) {
            latest.current = { ...latest.current, position: latest.current.duration, at: Date.now() };
            unsaved.current = true;
          }
          flushProgress();
          {
            const offer = opts.current.onEnded?.();
            if (offer) reply({ source: PLAYER_MESSAGE_SOURCE, type: 'up-next', ...offer });
          }
          break;
        case 'credits': {
          // The credits began (issue 28): the next-episode card shows now; the position is not the end.
          const offer = opts.current.onEnded?.();
          if (offer) reply({ source: PLAYER_MESSAGE_SOURCE, type: 'up-next', ...offer });
          break;
        }
        case 'next':
          opts.current.onNext?.(message.auto);
          break;
        case 'activity':
          opts.current.onActivity?.();
          break;
        case 'token-needed':
          renew();
          break;
        case 'settings': {
          const { userId } = opts.current;
          opts.current.onSettings?.(message.settings);
          if (userId !== null) {
            saveSubtitleSettings(userId, message.settings).catch(() => {
              // The player keeps the look for this visit; the account keeps the old one.
            });
          }
          break;
        }
        case 'position':
          // The frame's answer to 'pause': what a report carries (not saved, not 'played').
          position.current = message.position;
          break;
        case 'failover':
          position.current = message.position;
          played.current = true;
          opts.current.onFailover?.(message.position);
          break;
        case 'error':
          // A refused token (expired mid-film, renewed elsewhere) is fixed with a fresh one.
          if (message.status === 401 || message.status === 403) renew();
          else opts.current.onError?.(message.message);
          break;
        case 'focus-exit':
          opts.current.onFocusExit?.(message.direction);
          break;
        case 'back':
          opts.current.onBack?.();
          break;
      }
    }
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [flushProgress, handleProgress]);

  // Leaving: the tab is hidden or closed (pagehide), or the page goes away
  // inside the app (unmount). `keepalive` lets the request finish anyway.
  useEffect(() => {
    const handleHide = () => flushProgress({ keepalive: true });
    const handleVisibility = () => {
      if (document.visibilityState === 'hidden') handleHide();
    };
    window.addEventListener('pagehide', handleHide);
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      window.removeEventListener('pagehide', handleHide);
      document.removeEventListener('visibilitychange', handleVisibility);
      handleHide();
    };
  }, [flushProgress]);

  return { getPosition: useCallback(() => position.current, []), flushProgress };
}
