import zlib from 'node:zlib';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A response body kept as bytes, with its brotli and gzip forms made the
// first time a client asks for them and kept with it. A cached answer then
// costs no serialisation and no compression per request, and an answer used
// once (cache off) is compressed only in the one encoding its client takes
// (decision 0004).

/** Below this size compression saves less than it costs. */
const MIN_COMPRESS_BYTES = 1024;
/** Nearly the size of quality 9 in a fraction of its time, on the event loop (decision 0004). */
const BROTLI_QUALITY = 5;
/**
 * An answer sent this many times in brotli is hot (the home answer, the
 * first list pages): it is compressed again at the best quality, off the
 * event loop, once per cache period, and later requests get the smaller
 * bytes; an answer sent once or twice never pays for it (decision 0016).
 */
export const HOT_SENDS = 20;
const HOT_BROTLI_QUALITY = 11;
const GZIP_LEVEL = 6;

export type ContentCoding = 'br' | 'gzip' | 'identity';

export class EncodedBody {
  private brotli: Buffer | undefined;
  private gzipped: Buffer | undefined;
  private brotliSends = 0;
  /** The best-quality recompression while it runs, then settled (tests await it). */
  upgrade: Promise<void> | undefined;

  constructor(readonly raw: Buffer) {}

  static of(text: string): EncodedBody {
    return new EncodedBody(Buffer.from(text, 'utf8'));
  }

  get compressible(): boolean {
    return this.raw.length >= MIN_COMPRESS_BYTES;
  }

  /** The bytes for a coding; identity when the body is too small to gain. */
  bytes(coding: ContentCoding): { coding: ContentCoding; bytes: Buffer } {
    if (!this.compressible || coding === 'identity') return { coding: 'identity', bytes: this.raw };
    if (coding === 'br') {
      this.brotli ??= zlib.brotliCompressSync(this.raw, brotliOptions(BROTLI_QUALITY, this.raw.length));
      if (++this.brotliSends === HOT_SENDS) this.upgrade = this.recompress();
      return { coding, bytes: this.brotli };
    }
    this.gzipped ??= zlib.gzipSync(this.raw, { level: GZIP_LEVEL });
    return { coding, bytes: this.gzipped };
  }

  /** Brotli at the best quality on libuv's pool; on any failure the quick bytes stay. */
  private recompress(): Promise<void> {
    return new Promise((resolve) => {
      zlib.brotliCompress(this.raw, brotliOptions(HOT_BROTLI_QUALITY, this.raw.length), (error, best) => {
        if (!error && this.brotli && best.length < this.brotli.length) this.brotli = best;
        resolve();
      });
    });
  }
}

function brotliOptions(quality: number, sizeHint?: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      ...(sizeHint === undefined ? {} : { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint }),
    },
  };
}

/** The answer depends on the request's Accept-Encoding: said beside whatever else it varies on. */
function varyOnCoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
}

/**
 * The coding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3):
 * brotli, then gzip, then identity; a coding with q=0 is refused.
 */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  // Fast path: the usual browser header carries no weights.
  if (!/q=/i.test(acceptEncoding)) {
    if (/\bbr\b/i.test(acceptEncoding)) return 'br';
    if (/\bgzip\b|\*/i.test(acceptEncoding)) return 'gzip';
    return 'identity';
  }
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}

export function sendEncoded(req: FastifyRequest, reply: FastifyReply, body: EncodedBody, contentType: string) {
  reply.type(contentType);
  if (!body.compressible) return reply.send(body.raw);
  const { coding, bytes } = body.bytes(chooseCoding(req.headers['accept-encoding']));
  varyOnCoding(reply);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.send(bytes);
}

/** A response body written as it is made (a page streamed after its shell, decision 0146). */
export interface EncodedStream {
  /** Writes `text` and sends what is written so far (the coding's flush). */
  send(text: string): void;
  /** Writes `text` and ends the body. */
  end(text: string): void;
  /** Ends the body at once (the client has gone, or the body cannot be finished). */
  destroy(): void;
}

/**
 * Starts `reply`'s body as a stream in the coding its client takes: brotli
 * at the quality of a body made once (BROTLI_QUALITY), or gzip; each `send`
 * is flushed, so the client gets it at once.
 */
export function sendEncodedStream(req: FastifyRequest, reply: FastifyReply, contentType: string): EncodedStream {
  reply.type(contentType);
  const coding = chooseCoding(req.headers['accept-encoding']);
  varyOnCoding(reply);
  const body =
    coding === 'br'
      ? zlib.createBrotliCompress(brotliOptions(BROTLI_QUALITY))
      : coding === 'gzip'
        ? zlib.createGzip({ level: GZIP_LEVEL })
        : new PassThrough();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  void reply.send(body);
  return {
    send(text) {
      body.write(text);
      if ('flush' in body) body.flush();
    },
    end(text) {
      body.end(text);
    },
    destroy() {
      body.destroy();
    },
  };
}
