import type { WatchPlayer } from '../hooks/use-watch-player';

// UI.md The player: a black stage with the frame centred, 16:9, at most
// 1100 × 600 (spec §9). The frame is there only once its address is built
// (spec §4); while it is built or rebuilt the stage says so.

export const PLAYER_FRAME_ALLOW = 'fullscreen; autoplay';

export function playerFrameTitle(title: string): string {
  return `${title} — video player`;
}

export function PlayerStage({ player, title }: { player: WatchPlayer; title: string }) {
  return (
    <div className="watch-stage">
      <div className="watch-stage__frame">
        {player.src ? (
          <iframe
            key={player.generation}
            ref={player.frameRef}
            src={player.src}
            title={playerFrameTitle(title)}
            // Full screen through `allow` alone (allowfullscreen beside it: a console warning, issue 15).
            allow={PLAYER_FRAME_ALLOW}
          />
        ) : (
          <div className="watch-stage__wait" role="status">
            <span className="spinner__ring" aria-hidden="true" />
            <span>Loading the player…</span>
          </div>
        )}
      </div>
    </div>
  );
}

/** The stage while the watch answer loads: the same box, so nothing jumps. */
export function PlayerStageSkeleton() {
  return (
    <div className="watch-stage" aria-hidden="true">
      <div className="watch-stage__frame watch-stage__frame--loading">
        <span className="spinner__ring" />
      </div>
    </div>
  );
}
