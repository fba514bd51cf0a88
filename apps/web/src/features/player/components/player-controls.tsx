import { iconBase } from '../../../components/ui/icons';
import { PLAYER_MESSAGES, type PlayerServer } from '@bosphorus/contract';
import type { WatchPlayer } from '../hooks/use-watch-player';

// Spec §2/§4: Main Server and Backup Server (the current one is marked and
// pressed), Reload Player and Report, as quiet secondary buttons under the
// frame (UI.md). Switching server or reloading keeps the position.

const SERVERS: ReadonlyArray<{ server: PlayerServer; label: string }> = [
  { server: 'main', label: PLAYER_MESSAGES.mainServer },
  { server: 'backup', label: PLAYER_MESSAGES.backupServer },
];

export function PlayerControls({ player, onReport }: { player: WatchPlayer; onReport: () => void }) {
  return (
    <div className="watch-controls" ref={player.remote.controlsRef}>
      <div className="watch-servers" role="group" aria-label="Server">
        {SERVERS.map(({ server, label }) => (
          <button
            key={server}
            type="button"
            className="watch-btn watch-servers__btn"
            aria-pressed={player.server === server}
            onClick={() => player.switchServer(server)}
          >
            <span className="watch-servers__dot" aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
      <div className="watch-actions">
        <button type="button" className="watch-btn" onClick={player.reload}>
          <ReloadIcon />
          {PLAYER_MESSAGES.reloadPlayer}
        </button>
        <button type="button" className="watch-btn" onClick={onReport} aria-haspopup="dialog">
          <FlagIcon />
          {PLAYER_MESSAGES.report}
        </button>
      </div>
      {player.playerError ? (
        <p className="watch-controls__error" role="alert">
          The player stopped: {player.playerError.replace(/[.\s]+$/, '')}. Try the {PLAYER_MESSAGES.backupServer} or{' '}
          {PLAYER_MESSAGES.reloadPlayer}.
        </p>
      ) : null}
    </div>
  );
}

const ReloadIcon = () => (
  <svg {...iconBase({})}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </svg>
);

const FlagIcon = () => (
  <svg {...iconBase({})}>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" />
  </svg>
);
