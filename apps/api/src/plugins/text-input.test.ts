import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@bosphorus/contract';
import { insertActivePlan, insertUser } from '../../test/factories.js';
import { bearer, buildTestApp, describeEachDatabase, signIn, type TestApp } from '../../test/harness.js';
import { unstorableField } from './text-input.js';

// Issue 10: a NUL byte (or half a surrogate pair) in any field of any route
// is a 400 naming the field — never a 500 from PostgreSQL. The route walk
// reads the OpenAPI document, so every route a later module adds is covered
// as soon as it declares its schema.

describe('unstorableField', () => {
  it('finds NUL and lone surrogates at any depth, and passes good text', () => {
    expect(unstorableField({ a: 'fine', b: ['ok', 'a\u0000b'] })).toEqual(['b', '1']);
    expect(unstorableField({ name: 'x\ud800' })).toEqual(['name']);
    expect(unstorableField({ name: '\udc00x' })).toEqual(['name']);
    expect(unstorableField({ ['k\u0000']: 'v' })).toEqual(['k\u0000']);
    expect(unstorableField({ name: 'Ertuğrul 🎬 “quoted” \u00a0' })).toBeNull();
    expect(unstorableField({ file: Buffer.from([0, 0, 0]) })).toBeNull();
    expect(unstorableField('plain')).toBeNull();
  });
});

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: { enum?: unknown[]; pattern?: string };
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

interface Probe {
  method: string;
  url: string;
  field: string;
  where: 'query' | 'path' | 'json' | 'urlencoded' | 'multipart';
  /** The operation also takes body fields (validated before the query). */
  hasBody: boolean;
  payload?: string;
  headers?: Record<string, string>;
}

const NUL = 'a\u0000b';

/** One probe per field of every operation, each field in every encoding it can arrive in. */
function probesOf(doc: OpenApiDocument): Probe[] {
  const probes: Probe[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      // Every other path parameter valid: an id is '1', a choice its first
      // value (the console's `kind`, `type`), an upload id 32 hex digits.
      const valid = (name: string) => {
        const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema;
        if (schema?.enum?.length) return String(schema.enum[0]);
        if (schema?.pattern === '^[0-9a-f]{32}$') return '0'.repeat(32);
        return name === '*' ? 'x' : '1';
      };
      const pathOf = (nulIn?: string) =>
        template.replace(/\{([^}]+)\}/g, (_, name: string) => (name === nulIn ? encodeURIComponent(NUL) : valid(name)));
      const fields = new Set<string>();
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        for (const name of Object.keys(media.schema?.properties ?? {})) fields.add(name);
      }
      const hasBody = fields.size > 0;
      for (const p of params) {
        if (p.in === 'path') probes.push({ method, url: pathOf(p.name), field: p.name, where: 'path', hasBody });
        if (p.in === 'query') {
          const url = `${pathOf()}?${p.name}=${encodeURIComponent(NUL)}`;
          probes.push({ method, url, field: p.name, where: 'query', hasBody });
        }
      }
      for (const field of fields) {
        const url = pathOf();
        probes.push({
          method,
          url,
          field,
          hasBody,
          where: 'json',
          payload: JSON.stringify({ [field]: NUL }),
          headers: { 'content-type': 'application/json' },
        });
        probes.push({
          method,
          url,
          field,
          hasBody,
          where: 'urlencoded',
          payload: `${encodeURIComponent(field)}=a%00b`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        const boundary = 'nulprobe';
        probes.push({
          method,
          url,
          field,
          hasBody,
          where: 'multipart',
          payload: `--${boundary}\r\ncontent-disposition: form-data; name="${field}"\r\n\r\n${NUL}\r\n--${boundary}--\r\n`,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
      }
    }
  }
  return probes;
}

describeEachDatabase('unstorable text in every field of every route', (t) => {
  let app: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
    await app.ready();
    // A signed-in subscriber who is also an operator, so that private routes
    // and the console's (/api/admin, operators only) reach their validation.
    const user = await insertUser(t.db, { role: 'admin' });
    await insertActivePlan(t.db, user.id);
    auth = bearer((await signIn(app, user.email, user.password)).token);
  });
  afterAll(() => app.close());

  it('answers 400 naming the field, in query, path, JSON, urlencoded and multipart alike', async () => {
    const doc = app.swagger() as unknown as OpenApiDocument;
    const probes = probesOf(doc);
    // The walk really covers the routes the scanners hit (issue 10).
    const covered = new Set(probes.map((p) => `${p.method.toUpperCase()} ${p.url.split('?')[0]} ${p.field}`));
    for (const must of [
      'POST /api/auth/token email',
      'POST /api/auth/register user_email',
      'POST /api/auth/register user_name',
      'POST /api/auth/forgot-password email',
      'POST /api/auth/update-profile user_name',
      'DELETE /api/fcm device_id',
    ]) {
      expect(covered, `the walk covers ${must}`).toContain(must);
    }
    const wrong: string[] = [];
    for (const probe of probes) {
      const res = await app.inject({
        method: probe.method.toUpperCase() as 'GET',
        url: probe.url,
        payload: probe.payload,
        headers: { ...auth, ...probe.headers },
      });
      // A context without multipart refuses the encoding itself (415): nothing is read.
      if (probe.where === 'multipart' && res.statusCode === 415) continue;
      const body = String(res.headers['content-type']).includes('json')
        ? res.json<{ error?: string; field?: string }>()
        : {};
      // Path and query are validated after the body: where the operation has
      // body fields, the (empty) body may be refused first — still a 400 that
      // names a field, before anything is read or stored.
      const bodyFirst = (probe.where === 'path' || probe.where === 'query') && probe.hasBody;
      const ok =
        res.statusCode === 400 &&
        typeof body.error === 'string' &&
        typeof body.field === 'string' &&
        (bodyFirst || probe.where === 'path' || body.field === probe.field) &&
        (bodyFirst || probe.where === 'path' || body.error.includes(API_ERRORS.unstorableText));
      if (!ok)
        wrong.push(
          `${probe.method.toUpperCase()} ${probe.url} [${probe.where} ${probe.field}] → ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
    }
    expect(wrong, `routes that did not refuse a NUL byte with a 400 naming the field:\n${wrong.join('\n')}`).toEqual(
      [],
    );
    expect(probes.length).toBeGreaterThan(100);
  }, 120_000);
});
