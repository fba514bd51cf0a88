import type { FastifySchemaCompiler } from 'fastify';
import { API_ERRORS, MAX_BODY_DEPTH } from '@bosphorus/contract';
import { HttpFailure } from './errors.js';
import { tooDeep } from './json-body.js';

// One rule for every field of every route (issue 10): text that PostgreSQL
// cannot store — a NUL character, or half of a UTF-16 surrogate pair (which
// the driver would silently turn into U+FFFD) — is a 400 naming the field,
// never a 500 from the database. It runs inside the schema validator, after
// the body has been parsed (urlencoded, multipart or JSON alike) and for the
// query string and path, so every route with a schema — all of them, and
// every route a later module adds — is covered without a hook of its own.

const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What unstorableField answers for a value nested deeper than its bound. */
export const TOO_DEEP = Symbol('too deep');

/**
 * The path of the first string (or key) in `value` that cannot be stored, or
 * null. Iterative and linear in the size of `value` (issue 16): an explicit
 * stack instead of recursion, so no nesting overflows the call stack, and
 * each entry points at its parent instead of carrying a copy of its path,
 * which is built once, for the field that is refused. Nesting deeper than
 * `maxDepth` (a parser other than JSON's, whose text is bounded before it is
 * parsed) answers TOO_DEEP.
 */
export function unstorableField(value: unknown, maxDepth = MAX_BODY_DEPTH): string[] | typeof TOO_DEEP | null {
  interface Entry {
    value: unknown;
    key: string;
    parent: Entry | null;
    depth: number;
  }
  const pathOf = (entry: Entry) => {
    const path: string[] = [];
    for (let at: Entry | null = entry; at?.parent; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Entry[] = [{ value, key: '', parent: null, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    // A key is looked at before its value, as the field it names.
    if (entry.parent && UNSTORABLE.test(entry.key)) return pathOf(entry);
    const inner = entry.value;
    if (typeof inner === 'string') {
      if (UNSTORABLE.test(inner)) return pathOf(entry);
      continue;
    }
    if (inner === null || typeof inner !== 'object' || Buffer.isBuffer(inner)) continue;
    if (entry.depth >= maxDepth) return TOO_DEEP;
    const keys = Object.keys(inner);
    // Pushed in reverse: the first field is looked at first, as a reader would.
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (inner as Record<string, unknown>)[key], key, parent: entry, depth: entry.depth + 1 });
    }
  }
  return null;
}

/** Wraps a validator compiler so that unstorable text fails validation first. */
export function refusingUnstorableText<S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compiler(route);
    return (data: unknown) => {
      const found = unstorableField(data);
      if (found === TOO_DEEP) return { error: tooDeep() };
      if (found) {
        const field = found.join('.') || route.httpPart || 'request';
        return { error: new HttpFailure(400, { error: `${field}: ${API_ERRORS.unstorableText}`, field }) };
      }
      return validate(data);
    };
  };
}
