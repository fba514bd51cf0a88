import { useCallback, useEffect, useRef, useState } from 'react';
import { RELOAD_PLAYER_DELAY_MS, type PlayerServer } from '@bosphorus/contract';

// The frame's life on a watch page (spec §4 Player, §9):
// - it is built once the link is known (the page mounts this with the
//   watch answer in hand, so the first frame is there at once);
// - Main Server / Backup Server: switching reloads the player;
// - Reload Player hides the frame and rebuilds it RELOAD_PLAYER_DELAY_MS
//   (100 ms) after the old frame has gone, with the latest token;
// - a failover moves the mark to Backup without a reload (the player has
//   already moved by itself).
// The address is fixed when the frame is built: a renewed token reaches the
// player as a message, so it never reloads under the viewer.

export interface PlayerFrame {
  server: PlayerServer;
  /** The frame's address, or null while it is being rebuilt. */
  src: string | null;
  /** Changes on every rebuild, so the iframe is a fresh element. */
  generation: number;
  /** The last address loaded (for reports while the frame is rebuilt). */
  lastSrc: string;
  /** `before`: something to finish first (a token renewal) — the rebuild waits for it too. */
  switchServer: (server: PlayerServer, before?: Promise<unknown>) => void;
  reload: (before?: Promise<unknown>) => void;
  markFailover: () => void;
}

export function usePlayerFrame(buildSrc: (server: PlayerServer) => string): PlayerFrame {
  const build = useRef(buildSrc);
  useEffect(() => {
    build.current = buildSrc;
  });
  const [server, setServer] = useState<PlayerServer>('main');
  const serverRef = useRef<PlayerServer>('main');
  const [frame, setFrame] = useState<{ src: string; generation: number } | null>(() => ({
    src: buildSrc('main'),
    generation: 0,
  }));
  const [lastSrc, setLastSrc] = useState(() => frame?.src ?? '');
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const requests = useRef(0);
  const mounted = useRef(true);
  // The delay is counted from the moment the old frame has left the page,
  // not from the press: on a busy phone the removal itself can take tens of
  // milliseconds to commit, and the viewer should see the frame gone for
  // the whole delay. Each press bumps `hides`; the effect after that commit
  // starts the timer.
  const [hides, setHides] = useState(0);
  const pendingShow = useRef<(() => void) | null>(null);
  useEffect(() => {
    const show = pendingShow.current;
    if (!show) return;
    pendingShow.current = null;
    clearTimeout(timer.current);
    timer.current = setTimeout(show, RELOAD_PLAYER_DELAY_MS);
  }, [hides]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const rebuild = useCallback((target: PlayerServer, before?: Promise<unknown>) => {
    serverRef.current = target;
    setServer(target);
    clearTimeout(timer.current);
    setFrame(null);
    const request = ++requests.current;
    const show = () => {
      // A later press wins; an unmounted page builds nothing.
      if (request !== requests.current || !mounted.current) return;
      generation.current += 1;
      const src = build.current(target);
      setFrame({ src, generation: generation.current });
      setLastSrc(src);
    };
    pendingShow.current = () => {
      if (before) void before.then(show, show);
      else show();
    };
    setHides((n) => n + 1);
  }, []);

  const switchServer = useCallback(
    (target: PlayerServer, before?: Promise<unknown>) => {
      if (target !== serverRef.current) rebuild(target, before);
    },
    [rebuild],
  );
  const reload = useCallback((before?: Promise<unknown>) => rebuild(serverRef.current, before), [rebuild]);
  const markFailover = useCallback(() => {
    serverRef.current = 'backup';
    setServer('backup');
  }, []);

  return {
    server,
    src: frame?.src ?? null,
    generation: frame?.generation ?? generation.current,
    lastSrc,
    switchServer,
    reload,
    markFailover,
  };
}
