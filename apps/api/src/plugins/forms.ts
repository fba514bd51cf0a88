import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';

// DESIGN §3: forms arrive urlencoded, multipart or JSON alike. urlencoded
// and JSON are content-type parsers on the root, which cost nothing until a
// body arrives; @fastify/multipart also adds three async hooks to every
// request of the context it is registered in. So only the contexts that
// hold form routes register it (decision 0016): the catalogue's reads — the
// most requested answers of the site — do not pay for it.

export const MULTIPART_LIMITS = { fileSize: 5 * 1024 * 1024, files: 1 } as const;

/** Lets this context's routes take multipart bodies (fields as strings, the file as bytes). */
export async function acceptMultipart(app: FastifyInstance) {
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: MULTIPART_LIMITS });
}
