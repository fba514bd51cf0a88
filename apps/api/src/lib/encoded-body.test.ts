import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseCoding, EncodedBody, HOT_SENDS, sendEncoded } from './encoded-body.js';

describe('encoded bodies', () => {
  const big = JSON.stringify({ body: { text: 'Diriliş: Ertuğrul '.repeat(200) } });
  const bigBody = EncodedBody.of(big);
  const app = Fastify();
  app.get('/big', (req, reply) => sendEncoded(req, reply, bigBody, 'application/json; charset=utf-8'));
  app.get('/small', (req, reply) => sendEncoded(req, reply, EncodedBody.of('{"body":{}}'), 'application/json'));

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
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(big);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('honours q=0 refusals', async () => {
    const res = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br;q=0, gzip;q=0.5' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString('utf8')).toBe(big);
  });

  it('recompresses a hot answer at the best quality, off the event loop', async () => {
    // Varied like a real answer (brotli finds little more in a repeated string).
    const words = ['Diriliş', 'Ertuğrul', 'aşk', 'İstanbul', 'gelin', 'kara', 'sevda', 'kuruluş', 'Osman', 'yemin'];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const phrase = (n: number) => Array.from({ length: n }, () => words[next() % words.length]).join(' ');
    const rows = Array.from({ length: 80 }, (_, i) => ({
      id: i,
      title: phrase(3),
      text: phrase(25),
      year: 2001 + (next() % 25),
    }));
    const text = JSON.stringify({ body: { rows } });
    const body = EncodedBody.of(text);
    const quick = body.bytes('br').bytes;
    for (let i = 1; i < HOT_SENDS - 1; i++) expect(body.bytes('br').bytes).toBe(quick);
    expect(body.upgrade).toBeUndefined();
    body.bytes('br');
    expect(body.upgrade).toBeInstanceOf(Promise);
    await body.upgrade;
    const best = body.bytes('br').bytes;
    expect(best.length).toBeLessThan(quick.length);
    expect(zlib.brotliDecompressSync(best).toString('utf8')).toBe(text);
  });

  it('does not compress tiny answers', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('{"body":{}}');
  });

  it('compresses once per coding, only when a client asks for it', () => {
    const body = EncodedBody.of(big);
    const first = body.bytes('br');
    expect(body.bytes('br').bytes).toBe(first.bytes); // the same Buffer: kept, not redone
    expect(first.bytes.length).toBeLessThan(body.raw.length / 4);
    expect(body.bytes('identity')).toEqual({ coding: 'identity', bytes: body.raw });
  });
});

describe('chooseCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate', 'identity'],
    ['*', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.1, gzip;q=1', 'br'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*;q=0', 'identity'],
    ['identity, *;q=0.5', 'br'],
    ['BR;Q=1', 'br'],
  ] as const)('%s → %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});
