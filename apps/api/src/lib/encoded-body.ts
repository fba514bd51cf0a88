import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A response body kept ready in every encoding a client may accept, so a
// cached answer costs no serialisation and no compression per request.

export interface EncodedBody {
  raw: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

/** Below this size compression saves less than it costs. */
const MIN_COMPRESS_BYTES = 1024;

export function encodeBody(text: string): EncodedBody {
  const raw = Buffer.from(text, 'utf8');
  if (raw.length < MIN_COMPRESS_BYTES) return { raw, gzip: null, br: null };
  return {
    raw,
    gzip: zlib.gzipSync(raw, { level: 6 }),
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
}

export function sendEncoded(req: FastifyRequest, reply: FastifyReply, body: EncodedBody, contentType: string) {
  const accept = req.headers['accept-encoding'] ?? '';
  reply.type(contentType).header('vary', 'accept-encoding');
  if (body.br && /\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(body.br);
  if (body.gzip && /\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.raw);
}
