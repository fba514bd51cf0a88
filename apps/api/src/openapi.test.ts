import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertUser } from '../test/factories.js';
import { bearer, buildTestApp, describeEachDatabase, signIn, type TestApp } from '../test/harness.js';
import { generateOpenApi, OPENAPI_FILE } from './openapi.js';

// DESIGN §3: the committed OpenAPI document is the routes' own; a contract
// change without `npm run openapi` fails here instead of slipping past review.
it('apps/api/openapi.json is what the routes generate (run npm run openapi)', async () => {
  expect(await generateOpenApi()).toBe(fs.readFileSync(OPENAPI_FILE, 'utf8'));
});

interface Operation {
  requestBody?: { content: Record<string, unknown> };
}
type Document = { paths: Record<string, Record<string, Operation>> };

const BOUNDARY = 'openapiwalk';
/** A small body in `type`: the fields do not matter, only that the route reads it. */
function bodyIn(type: string): string {
  switch (type) {
    case 'application/x-www-form-urlencoded':
      return 'walk=1';
    case 'multipart/form-data':
      return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="walk"\r\n\r\n1\r\n--${BOUNDARY}--\r\n`;
    case 'application/json':
      return '{"walk":"1"}';
    default:
      return 'walk';
  }
}
const headerOf = (type: string) => (type === 'multipart/form-data' ? `${type}; boundary=${BOUNDARY}` : type);

// Issue 27 finding 5: the document promised multipart to console routes
// that answered a valid multipart form with 415. Every route is sent a body
// in every content type it declares: none may refuse the type (415) or fail
// (5xx). An operator's token gets the console's routes past their guard to
// the body; every path parameter names nothing (a 4xx, no write).
describeEachDatabase('the OpenAPI document keeps its promises', (t) => {
  let app: TestApp;
  let operator: string;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
    const op = await insertUser(t.db, { role: 'admin' });
    operator = (await signIn(app, op.email, op.password)).token;
  });
  afterAll(() => app?.close());

  it('every route takes a body in every content type it declares', async () => {
    const doc = app.swagger() as unknown as Document;
    const refused: string[] = [];
    let sent = 0;
    for (const [route, operations] of Object.entries(doc.paths)) {
      const url = route.replace(/\{[^}]+\}/g, '999999999');
      for (const [method, operation] of Object.entries(operations)) {
        for (const type of Object.keys(operation.requestBody?.content ?? {})) {
          const res = await app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: { ...bearer(operator), 'content-type': headerOf(type) },
            payload: bodyIn(type),
          });
          sent += 1;
          if (res.statusCode === 415 || res.statusCode >= 500)
            refused.push(`${method.toUpperCase()} ${route} ${type}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(refused).toEqual([]);
  });
});
