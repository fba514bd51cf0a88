import { describe, expect, it } from 'vitest';
import { isWellFormedToken, mediaBase, moveToOrigin, originOf, resolveMediaPath, swapToken } from './media-urls';

const TOKEN = 'v1.k1.dXxtb3ZpZXwx.c2ln';
const BASE = `https://media.example.com/media/${TOKEN}/`;

describe('mediaBase and resolveMediaPath', () => {
  it('builds the folder of one title and resolves info.json paths in it', () => {
    expect(mediaBase('https://media.example.com', TOKEN)).toBe(BASE);
    expect(mediaBase('https://media.example.com/', TOKEN)).toBe(BASE);
    expect(resolveMediaPath(BASE, 'master.m3u8')).toBe(`${BASE}master.m3u8`);
    expect(resolveMediaPath(BASE, 'subs/en.vtt')).toBe(`${BASE}subs/en.vtt`);
    expect(resolveMediaPath(BASE, './progressive.mp4')).toBe(`${BASE}progressive.mp4`);
  });

  it('refuses paths that leave the title folder or the origin', () => {
    for (const bad of [
      '',
      '../other-token/master.m3u8',
      'subs/../../x.vtt',
      '/media/other/master.m3u8',
      '//evil.example/x.m3u8',
      'https://evil.example/x.m3u8',
      'javascript:alert(1)',
      'data:text/vtt,WEBVTT',
      '\\\\evil\\x',
    ]) {
      expect(resolveMediaPath(BASE, bad), bad).toBeNull();
    }
  });
});

describe('swapToken', () => {
  it('replaces the token segment of every media URL, keeping the rest', () => {
    expect(swapToken(`${BASE}360p/seg_1.m4s`, 'NEW')).toBe('https://media.example.com/media/NEW/360p/seg_1.m4s');
    expect(swapToken(`${BASE}master.m3u8?cb=5`, 'NEW')).toBe('https://media.example.com/media/NEW/master.m3u8?cb=5');
    expect(swapToken('https://media.example.net/media/OLD/subs/tr.vtt', 'NEW')).toBe(
      'https://media.example.net/media/NEW/subs/tr.vtt',
    );
  });

  it('replaces a token query parameter too', () => {
    expect(swapToken('https://m.example/v/a.m3u8?token=OLD&x=1', 'NEW')).toBe(
      'https://m.example/v/a.m3u8?token=NEW&x=1',
    );
  });

  it('leaves other URLs alone', () => {
    expect(swapToken('https://m.example/assets/app.js', 'NEW')).toBe('https://m.example/assets/app.js');
    expect(swapToken('blob:https://m.example/1234', 'NEW')).toBe('blob:https://m.example/1234');
    expect(swapToken('not a url', 'NEW')).toBe('not a url');
    // Only the folder right after /media/ is the token.
    expect(swapToken('https://m.example/x/media/OLD/a.ts', 'NEW')).toBe('https://m.example/x/media/OLD/a.ts');
  });
});

describe('moveToOrigin and originOf', () => {
  it('moves a media URL to the backup origin with its path and token', () => {
    expect(moveToOrigin(`${BASE}master.m3u8`, 'https://media.example.net')).toBe(
      `https://media.example.net/media/${TOKEN}/master.m3u8`,
    );
    expect(moveToOrigin('http://127.0.0.1:3000/media/T/a.mp4', 'http://localhost:3001')).toBe(
      'http://localhost:3001/media/T/a.mp4',
    );
  });

  it('reads the origin of an absolute URL', () => {
    expect(originOf(`${BASE}x`)).toBe('https://media.example.com');
    expect(originOf('http://localhost:3000/player?x=1')).toBe('http://localhost:3000');
    expect(originOf('relative/path')).toBeNull();
  });
});

describe('isWellFormedToken', () => {
  it('accepts URL-safe tokens only', () => {
    expect(isWellFormedToken(TOKEN)).toBe(true);
    expect(isWellFormedToken('abc_DEF-123~')).toBe(true);
    for (const bad of ['', '.', '..', 'a/b', 'a b', 'a?b', '../x', 'a%2Fb', 42, null, undefined, 'x'.repeat(5000)]) {
      expect(isWellFormedToken(bad), String(bad)).toBe(false);
    }
  });
});
