import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  PLAYER_MESSAGE_SOURCE,
  type EpisodeMarker,
  type ParentToPlayer,
  type PlayerServer,
  type SubtitleSettings,
  type VideoType,
} from '@bosphorus/contract';
import { useCurrentUser } from '../../../lib/session';
import { buildPlayerSrc, originOf, resumeSecondsFor, serverLink, type PlayableAnswer } from '../utils/player-link';
import { resumeAfterMarkers, toPlayerMarkers } from '../utils/markers';
import { usePlayerBridge, type PlayerBridgeOptions, type RenewedToken } from './use-player-bridge';
import { usePlayerFrame } from './use-player-frame';
import { usePlayerRemote } from './use-player-remote';

// One player on a watch page: the frame (server, reload), the bridge
// (messages, progress, token renewal) and the remote across the frame
// (use-player-remote.ts), fed by the page's watch answer.

/** A token with less than this left is renewed before a new frame is built with it. */
export const TOKEN_MIN_LEFT_MS = 60_000;

export interface WatchPlayerInput {
  videoType: VideoType;
  videoId: number;
  /** The latest watch answer (a renewal replaces it; the frame keeps its address). */
  answer: PlayableAnswer;
  renewToken: () => Promise<RenewedToken>;
  /** Keep the new subtitle look in the page's copy of the answer. */
  onSettings?: (settings: SubtitleSettings) => void;
  /** Where the remote's Back goes when the watch page was the first page of the visit. */
  backTo: string;
  /** The next episode's card and the start without a press (episodes only, decision 0072). */
  upNext?: Pick<PlayerBridgeOptions, 'autoplay' | 'onEnded' | 'onNext' | 'onActivity'>;
  /** A position to start at (the page's `?t=`), instead of offering the saved one. */
  startAt?: number;
  /** The episode's markers (issue 28): skip buttons, the card at the credits, resume after a recap or intro. */
  markers?: readonly EpisodeMarker[];
  /** The player skips the recap and intro by itself (the watch answer's auto_skip_here). */
  autoSkip?: boolean;
}

const NO_MARKERS: readonly EpisodeMarker[] = [];

export function useWatchPlayer({
  videoType,
  videoId,
  answer,
  renewToken,
  onSettings,
  backTo,
  upNext,
  startAt,
  markers = NO_MARKERS,
  autoSkip = false,
}: WatchPlayerInput) {
  const user = useCurrentUser();
  const userId = user?.user_id ?? null;
  const latest = useRef(answer);
  useEffect(() => {
    latest.current = answer;
  });
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [playerError, setPlayerError] = useState<string | null>(null);

  const buildSrc = useCallback(
    (server: PlayerServer) =>
      buildPlayerSrc({
        videoType,
        link: serverLink(latest.current, server),
        token: latest.current.token,
        userId: userId ?? '',
        videoId,
      }),
    [videoType, videoId, userId],
  );
  const frame = usePlayerFrame(buildSrc);

  const allowedOrigins = useMemo(
    () => [originOf(answer.mainLink), originOf(answer.backupLink)].filter(Boolean),
    [answer.mainLink, answer.backupLink],
  );

  // A renewed token goes straight into the latest answer, so a rebuild
  // right after it (reload, server switch) already carries it.
  const renew = useCallback(async () => {
    const fresh = await renewToken();
    latest.current = { ...latest.current, token: fresh.token, expiresAt: fresh.expiresAt };
    return fresh;
  }, [renewToken]);
  /** Before a rebuild: a fresh token when the one in hand is (nearly) spent, so the new frame can start. */
  const freshToken = useCallback((): Promise<unknown> | undefined => {
    const left = Date.parse(latest.current.expiresAt) - Date.now();
    return left > TOKEN_MIN_LEFT_MS ? undefined : renew().catch(() => undefined);
  }, [renew]);

  const playerMarkers = useMemo(() => toPlayerMarkers(markers), [markers]);

  const remote = usePlayerRemote({ frameRef, frameOrigin: frame.src ? originOf(frame.src) : '', backTo });

  const bridge = usePlayerBridge({
    frameRef,
    allowedOrigins,
    videoType,
    videoId,
    userId,
    resumeSeconds: resumeAfterMarkers(resumeSecondsFor(answer.progress), markers),
    startAt,
    markers: playerMarkers,
    autoSkip,
    subtitleSettings: answer.subtitleSettings,
    renewToken: renew,
    onFailover: frame.markFailover,
    onSettings,
    onError: setPlayerError,
    onFocusExit: remote.onFocusExit,
    onBack: remote.onBack,
    ...upNext,
  });

  const { switchServer: switchFrameServer, reload: reloadFrame } = frame;
  const { flushProgress } = bridge;
  const switchServer = useCallback(
    (server: PlayerServer) => {
      setPlayerError(null);
      flushProgress();
      switchFrameServer(server, freshToken());
    },
    [flushProgress, switchFrameServer, freshToken],
  );
  const reload = useCallback(() => {
    setPlayerError(null);
    flushProgress();
    reloadFrame(freshToken());
  }, [flushProgress, reloadFrame, freshToken]);

  /** Pauses the video (the report dialog opens over it, issue 15); the viewer presses Play to go on. */
  const pause = useCallback(() => {
    const win = frameRef.current?.contentWindow;
    const origin = frame.src ? originOf(frame.src) : '';
    if (!win || !origin) return;
    const message: ParentToPlayer = { source: PLAYER_MESSAGE_SOURCE, type: 'pause' };
    win.postMessage(message, origin);
  }, [frame.src]);

  return {
    frameRef,
    pause,
    src: frame.src,
    generation: frame.generation,
    /** The player's last reported position, in seconds (an issue report carries it). */
    getPosition: bridge.getPosition,
    /** The address to describe in a report (the token is removed there). */
    reportSrc: frame.src ?? frame.lastSrc,
    server: frame.server,
    switchServer,
    reload,
    playerError,
    /** The remote across the frame: PlayerControls puts `controlsRef` around its buttons. */
    remote,
  };
}

export type WatchPlayer = ReturnType<typeof useWatchPlayer>;
