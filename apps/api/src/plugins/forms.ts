import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { API_ERRORS } from '@bosphorus/contract';
import { HttpFailure, isFastifyError } from './errors.js';

// DESIGN §3: forms arrive urlencoded, multipart or JSON alike. urlencoded
// and JSON are content-type parsers on the root, which cost nothing until a
// body arrives; @fastify/multipart also adds three async hooks to every
// request of the context it is registered in. So only the contexts that
// hold form routes register it (decision 0016): the catalogue's reads — the
// most requested answers of the site — do not pay for it.
//
// The body is read here, not by the plugin's `attachFieldsToBody` (issue 16
// finding 2): busboy throws plain errors for a header without a boundary and
// for a body that ends mid-part, which would be 500s on every form route. Any
// such failure is a 400 of ours; the plugin's own refusals (a file over the
// size limit: 413) keep their status.

export const MULTIPART_LIMITS = { fileSize: 5 * 1024 * 1024, files: 1 } as const;

/** Lets this context's routes take multipart bodies (fields as strings, the file as bytes). */
export async function acceptMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  app.addHook('preValidation', async (req) => {
    if (!req.isMultipart()) return;
    try {
      req.body = await readMultipart(req);
    } catch (error) {
      if (isFastifyError(error)) throw error;
      throw new HttpFailure(400, { error: `body: ${API_ERRORS.badMultipart}`, field: 'body' });
    }
  });
}

/** The fields as strings and files as bytes; a name given twice holds a list (as urlencoded). */
async function readMultipart(req: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for await (const part of req.parts()) {
    const value = part.type === 'file' ? await part.toBuffer() : part.value;
    const before = body[part.fieldname];
    if (before === undefined) body[part.fieldname] = value;
    else if (Array.isArray(before)) before.push(value);
    else body[part.fieldname] = [before, value];
  }
  return body;
}
