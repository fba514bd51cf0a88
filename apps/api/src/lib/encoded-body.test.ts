import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { encodeBody, sendEncoded } from './encoded-body.js';

describe('encoded bodies', () => {
  const big = JSON.stringify({ body: { text: 'Diriliş: Ertuğrul '.repeat(200) } });
  const app = Fastify();
  app.get('/big', (req, reply) => sendEncoded(req, reply, encodeBody(big), 'application/json; charset=utf-8'));
  app.get('/small', (req, reply) => sendEncoded(req, reply, encodeBody('{"body":{}}'), 'application/json'));

  it('sends brotli, then gzip, then identity by what the client accepts', async () => {
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(big);

    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(big);

    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('does not compress tiny answers', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('{"body":{}}');
  });
});
