import type { PlaybackTokenBody, VideoType } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import type { RenewedToken } from '../hooks/use-player-bridge';

// Our GET /playback-token?video_type=&video_id= (decision 0043): a fresh
// token for the video already open, and nothing else. The watch answer is not
// asked again for it: an episode's carries every season and episode.

export async function renewPlaybackToken(
  videoType: VideoType,
  videoId: number,
  signal?: AbortSignal,
): Promise<RenewedToken> {
  const body = await api.get<PlaybackTokenBody>(
    '/playback-token',
    { video_type: videoType, video_id: videoId },
    signal,
  );
  return { token: body.playback_token, expiresAt: body.playback_expires_at };
}
