import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ERRORS, MAX_BODY_DEPTH } from '@bosphorus/contract';
import { HttpFailure } from './errors.js';

type ContentTypeParserFn = (
  req: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
) => void;

// Issue 16 finding 1: `{"q":[[[[…]]]]}` nested thousands deep is a few
// kilobytes of JSON that every walker after the parser (the unstorable-text
// check, the prototype-poisoning scan, a validator) pays for, recursively or
// not. So the nesting is bounded on the text, before it is parsed: one pass
// over the characters, outside strings, counting open brackets.

/** True when the JSON text opens more than `max` objects or arrays inside each other. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** The refusal of a body nested deeper than MAX_BODY_DEPTH: a 400 naming the limit. */
export const tooDeep = () => new HttpFailure(400, { error: `body: ${API_ERRORS.tooDeep}`, field: 'body' });

/**
 * A content-type parser reading the body as JSON text: Fastify's own parser
 * (the same prototype-poisoning rules and bad-JSON answer) behind the depth
 * bound. For JSON sent under another type too (sendBeacon's text/plain).
 */
export function boundedJsonParser(app: FastifyInstance): ContentTypeParserFn {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (req, body, done) => {
    if (nestsDeeperThan(body as string, MAX_BODY_DEPTH)) return done(tooDeep(), undefined);
    // Fastify's parser answers through `done` (its type allows a promise too).
    void parse(req, body as string, done);
  };
}

/**
 * Replaces the root JSON parser with the bounded one. A context with a JSON
 * parser of its own (the payment webhooks keep the raw bytes, which only a
 * signature makes us parse) removes this one first: Fastify refuses a
 * second parser for a type.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parser = boundedJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parser);
}
