import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '@bosphorus/contract';
import { HttpFailure, registerErrorHandler } from './errors.js';

// One error path for the whole API (issue 8 "Errors"): whatever context a
// route lives in, a thrown error that carries a status answers it.
async function appWith(thrower: () => never) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(async (child) => {
    child.get('/in-child', async () => thrower());
  });
  app.get('/at-root', async () => thrower());
  return app;
}

describe('root error handler', () => {
  it('answers an HttpFailure thrown in any context with its status, body and headers', async () => {
    const app = await appWith(() => {
      throw new HttpFailure(409, { error: 'Already there', field: 'package_id' }, { 'retry-after': '5' });
    });
    for (const url of ['/at-root', '/in-child']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'Already there', field: 'package_id' });
      expect(res.headers['retry-after']).toBe('5');
    }
  });

  // Issue 16 finding 3 reverses the rule this test held before: a status on
  // someone else's error (a payment provider's 404) is not ours to answer.
  it('answers a foreign error that carries a 4xx status and headers as our 502, without either', async () => {
    const app = await appWith(() => {
      throw Object.assign(new Error('No such checkout.session: cs_test_x'), {
        statusCode: 404,
        headers: { 'set-cookie': 'provider=1', 'request-id': 'req_1', 'access-control-allow-origin': '*' },
      });
    });
    const res = await app.inject({ url: '/in-child' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: API_ERRORS.upstream });
    for (const name of ['set-cookie', 'request-id', 'access-control-allow-origin']) {
      expect(res.headers[name]).toBeUndefined();
    }
  });

  it("answers Fastify's own client errors with their status", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/json', async () => 'never');
    const res = await app.inject({
      method: 'POST',
      url: '/json',
      payload: '{"broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json<{ error: string }>().error).toBe('string');
  });

  it('answers a plain error with 500 and hides its text', async () => {
    const app = await appWith(() => {
      throw new Error('connection string with secrets');
    });
    const res = await app.inject({ url: '/at-root' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: API_ERRORS.internal });
  });
});
