import { Upload } from 'tus-js-client';
import { ApiError, refreshAccessToken } from '../../../lib/api';
import { getToken } from '../../../lib/auth-store';

// A resumable video upload (tus 1.0) to /api/admin/uploads. A dropped
// connection is retried from the offset the server holds (HEAD); the same
// file chosen again after a reload continues where it stopped (the client
// keeps its upload address in localStorage). The operator's token goes on
// every request, refreshed once on a 401.

const ENDPOINT = '/api/admin/uploads';
/** Bytes per PATCH: progress per request, and no proxy body limit in the way. */
const CHUNK_BYTES = 64 * 1024 * 1024;

export interface VideoUpload {
  /** Resolves with the upload id once the server has checked the file. */
  done: Promise<string>;
  abort(): void;
}

export function uploadVideo(
  file: File,
  onProgress: (fraction: number) => void,
  /** The title it is for: the server keeps it, so a job never made can be made later (issue 27). */
  target?: { type: string; id: string },
): VideoUpload {
  let upload: Upload;
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      metadata: {
        filename: file.name,
        filetype: file.type,
        ...(target ? { video_type: target.type, video_id: target.id } : {}),
      },
      onBeforeRequest: (req) => {
        const token = getToken();
        if (token) req.setHeader('authorization', `Bearer ${token}`);
      },
      onShouldRetry: (err, _attempt, options) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        if (status === 401) {
          void refreshAccessToken().catch(() => undefined);
          return true;
        }
        // The server said no (not an operator, too large, not a video): retrying will not help.
        if (status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
        return options.retryDelays !== null;
      },
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
      onError: (err) => {
        const res = 'originalResponse' in err ? err.originalResponse : null;
        let message = err.message;
        try {
          const body = JSON.parse(res?.getBody() ?? '') as { error?: unknown };
          if (typeof body.error === 'string') message = body.error;
        } catch {
          // Not our JSON error: tus-js-client's own message.
        }
        reject(new ApiError(res?.getStatus() ?? 0, message));
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
  return { done, abort: () => void upload.abort() };
}
