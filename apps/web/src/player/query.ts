import { ENGINE_KINDS, type EngineKind } from './engine';
import { isWellFormedToken } from './media-urls';

// The player page's query (spec §7 Player loading: token, cb, user_id,
// video_id, video_type; ours: engine).

export interface PlayerQuery {
  token: string | null;
  videoType: string | null;
  videoId: string | null;
  /** Support and tests: 'hls', 'native', 'mp4' or 'webm' first, when this device (and title) has it. */
  engine: EngineKind | null;
}

export function readQuery(search: string): PlayerQuery {
  const q = new URLSearchParams(search);
  const token = q.get('token');
  const engine = q.get('engine');
  return {
    token: isWellFormedToken(token) ? token : null,
    videoType: q.get('video_type'),
    videoId: q.get('video_id'),
    engine: ENGINE_KINDS.includes(engine as EngineKind) ? (engine as EngineKind) : null,
  };
}
