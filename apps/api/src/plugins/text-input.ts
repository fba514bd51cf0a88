import type { FastifySchemaCompiler } from 'fastify';
import { API_ERRORS } from '@bosphorus/contract';
import { HttpFailure } from './errors.js';

// One rule for every field of every route (issue 10): text that PostgreSQL
// cannot store — a NUL character, or half of a UTF-16 surrogate pair (which
// the driver would silently turn into U+FFFD) — is a 400 naming the field,
// never a 500 from the database. It runs inside the schema validator, after
// the body has been parsed (urlencoded, multipart or JSON alike) and for the
// query string and path, so every route with a schema — all of them, and
// every route a later module adds — is covered without a hook of its own.

const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or key) in `value` that cannot be stored, or null. */
export function unstorableField(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, key];
    const found = unstorableField(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Wraps a validator compiler so that unstorable text fails validation first. */
export function refusingUnstorableText<S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compiler(route);
    return (data: unknown) => {
      const found = unstorableField(data);
      if (found) {
        const field = found.join('.') || route.httpPart || 'request';
        return { error: new HttpFailure(400, { error: `${field}: ${API_ERRORS.unstorableText}`, field }) };
      }
      return validate(data);
    };
  };
}
