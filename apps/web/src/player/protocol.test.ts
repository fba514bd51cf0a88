import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SUBTITLE_SETTINGS, PLAYER_MESSAGE_SOURCE } from '@bosphorus/contract/player-protocol';
import { createParentLink, parseInfo, parseParentMessage, sanitizeSettings } from './protocol';

const APP = 'https://bosphorus.example';
const parent = { name: 'the framing window' };
const settings = { size: 'large', color: 'yellow', background: 'box', dual: true };
const init = { source: PLAYER_MESSAGE_SOURCE, type: 'init', resumeSeconds: 1421, subtitleSettings: settings };

describe('parseParentMessage', () => {
  it('accepts init and token messages from the app origin and the framing window', () => {
    expect(parseParentMessage({ origin: APP, source: parent, data: init }, APP, parent)).toEqual({
      source: PLAYER_MESSAGE_SOURCE,
      type: 'init',
      resumeSeconds: 1421,
      subtitleSettings: settings,
    });
    expect(
      parseParentMessage({ origin: APP, source: parent, data: { ...init, startAt: 30 } }, APP, parent),
    ).toMatchObject({ type: 'init', startAt: 30 });
    const token = {
      source: PLAYER_MESSAGE_SOURCE,
      type: 'token',
      token: 'v1.k.abc.def',
      expiresAt: '2030-01-01T00:00:00Z',
    };
    expect(parseParentMessage({ origin: APP, source: parent, data: token }, APP, parent)).toEqual(token);
  });

  it("accepts 'focus-controls' (the remote moved onto the frame), with nothing of the sender's kept", () => {
    const data = { source: PLAYER_MESSAGE_SOURCE, type: 'focus-controls', then: 'javascript:alert(1)' };
    expect(parseParentMessage({ origin: APP, source: parent, data }, APP, parent)).toEqual({
      source: PLAYER_MESSAGE_SOURCE,
      type: 'focus-controls',
    });
    expect(parseParentMessage({ origin: 'https://evil.example', source: parent, data }, APP, parent)).toBeNull();
    expect(parseParentMessage({ origin: APP, source: { other: true }, data }, APP, parent)).toBeNull();
  });

  it("accepts 'up-next' with a label, a title and ask, and nothing else of the sender's", () => {
    const upNext = {
      source: PLAYER_MESSAGE_SOURCE,
      type: 'up-next',
      label: 'Next episode',
      title: 'Season 1 · Episode 2: Ferry',
      ask: false,
    };
    expect(parseParentMessage({ origin: APP, source: parent, data: { ...upNext, extra: '<b>' } }, APP, parent)).toEqual(
      upNext,
    );
    const bad = [
      { ...upNext, label: '' },
      { ...upNext, title: 'x'.repeat(501) },
      { ...upNext, ask: 'yes' },
      { ...upNext, title: undefined },
    ];
    for (const data of bad) expect(parseParentMessage({ origin: APP, source: parent, data }, APP, parent)).toBeNull();
    expect(
      parseParentMessage({ origin: 'https://evil.example', source: parent, data: upNext }, APP, parent),
    ).toBeNull();
  });

  it("accepts 'pause' (a dialog of the watch page covers the video), from the framing page only", () => {
    const data = { source: PLAYER_MESSAGE_SOURCE, type: 'pause', at: 5 };
    expect(parseParentMessage({ origin: APP, source: parent, data }, APP, parent)).toEqual({
      source: PLAYER_MESSAGE_SOURCE,
      type: 'pause',
    });
    expect(parseParentMessage({ origin: 'https://evil.example', source: parent, data }, APP, parent)).toBeNull();
  });

  it('ignores messages from another origin, another window or without the source tag', () => {
    expect(parseParentMessage({ origin: 'https://evil.example', source: parent, data: init }, APP, parent)).toBeNull();
    expect(
      parseParentMessage({ origin: 'https://bosphorus.example.evil.com', source: parent, data: init }, APP, parent),
    ).toBeNull();
    expect(parseParentMessage({ origin: 'null', source: parent, data: init }, APP, parent)).toBeNull();
    expect(parseParentMessage({ origin: APP, source: { other: true }, data: init }, APP, parent)).toBeNull();
    expect(parseParentMessage({ origin: APP, source: parent, data: { ...init, source: 'x' } }, APP, parent)).toBeNull();
    expect(parseParentMessage({ origin: APP, source: parent, data: 'init' }, APP, parent)).toBeNull();
    expect(parseParentMessage({ origin: APP, source: parent, data: null }, APP, parent)).toBeNull();
    // Before the app origin is known nothing is accepted.
    expect(parseParentMessage({ origin: APP, source: parent, data: init }, null, parent)).toBeNull();
  });

  it('ignores unknown types and malformed fields', () => {
    const msg = (data: object) => parseParentMessage({ origin: APP, source: parent, data }, APP, parent);
    expect(msg({ source: PLAYER_MESSAGE_SOURCE, type: 'ready' })).toBeNull();
    expect(msg({ ...init, startAt: -1 })).toBeNull();
    expect(msg({ ...init, startAt: 'soon' })).toBeNull();
    const token = { source: PLAYER_MESSAGE_SOURCE, type: 'token', expiresAt: '2030-01-01T00:00:00Z' };
    expect(msg({ ...token, token: '../../x' })).toBeNull();
    expect(msg({ ...token, token: 'a b' })).toBeNull();
    expect(msg({ ...token, token: 'ok', expiresAt: 'never' })).toBeNull();
    expect(msg({ ...token, token: 'ok', expiresAt: 5 })).toBeNull();
  });

  it('repairs a bad resume time and bad settings instead of trusting them', () => {
    expect(
      parseParentMessage(
        {
          origin: APP,
          source: parent,
          data: { ...init, resumeSeconds: 'x', subtitleSettings: { size: 'huge', color: 'red', dual: 'yes' } },
        },
        APP,
        parent,
      ),
    ).toEqual({
      source: PLAYER_MESSAGE_SOURCE,
      type: 'init',
      resumeSeconds: 0,
      subtitleSettings: DEFAULT_SUBTITLE_SETTINGS,
    });
  });
});

describe('sanitizeSettings', () => {
  it('keeps known values and replaces the others field by field', () => {
    expect(sanitizeSettings(settings)).toEqual(settings);
    expect(sanitizeSettings({ ...settings, color: '<script>' })).toEqual({ ...settings, color: 'white' });
    expect(sanitizeSettings(null)).toEqual(DEFAULT_SUBTITLE_SETTINGS);
    expect(sanitizeSettings('large')).toEqual(DEFAULT_SUBTITLE_SETTINGS);
  });
});

describe('createParentLink', () => {
  it('posts tagged messages to the app origin only', () => {
    const postMessage = vi.fn();
    const win = { parent: { postMessage } } as unknown as Window;
    const link = createParentLink(win, () => APP);
    expect(link.framed).toBe(true);
    link.post({ type: 'ready' });
    expect(postMessage).toHaveBeenCalledWith({ source: PLAYER_MESSAGE_SOURCE, type: 'ready' }, APP);
  });

  it('posts nothing while the app origin is unknown or when opened directly', () => {
    const postMessage = vi.fn();
    const framedWin = { parent: { postMessage } } as unknown as Window;
    createParentLink(framedWin, () => null).post({ type: 'ended' });
    const direct = { postMessage } as unknown as Window & { parent: unknown };
    direct.parent = direct;
    const link = createParentLink(direct, () => APP);
    expect(link.framed).toBe(false);
    link.post({ type: 'ended' });
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('parseInfo', () => {
  const info = {
    title: 'Kuzey Güney',
    hls: 'master.m3u8',
    mp4: 'progressive.mp4',
    subtitles: [
      { language: 'en', label: 'English', src: 'subs/en.vtt', default: true },
      { language: 'tr', label: 'Türkçe', src: 'subs/tr.vtt', default: false },
    ],
    backup_origin: 'https://media.example.net',
    expires_at: '2030-01-01T00:00:00.000Z',
    app_origin: 'https://bosphorus.example',
  };

  it('accepts the contract shape', () => {
    expect(parseInfo(info)).toEqual(info);
    expect(parseInfo({ ...info, subtitles: [] })).toEqual({ ...info, subtitles: [] });
    // The WebM is optional (decision 0057).
    expect(parseInfo({ ...info, webm: 'progressive.webm' })).toEqual({ ...info, webm: 'progressive.webm' });
    expect(parseInfo(info)).not.toHaveProperty('webm');
  });

  it('refuses what is not the contract shape', () => {
    expect(parseInfo(null)).toBeNull();
    expect(parseInfo('x')).toBeNull();
    expect(parseInfo({ ...info, hls: 5 })).toBeNull();
    expect(parseInfo({ ...info, webm: 5 })).toBeNull();
    expect(parseInfo({ ...info, webm: '' })).toBeNull();
    expect(parseInfo({ ...info, subtitles: 'en' })).toBeNull();
    expect(parseInfo({ ...info, subtitles: [{ language: 'en' }] })).toBeNull();
    expect(parseInfo({ ...info, expires_at: 'tomorrow' })).toBeNull();
    // Origins are bare origins: no path, no other scheme.
    expect(parseInfo({ ...info, app_origin: 'https://bosphorus.example/' })).toBeNull();
    expect(parseInfo({ ...info, app_origin: '*' })).toBeNull();
    expect(parseInfo({ ...info, backup_origin: 'javascript:alert(1)' })).toBeNull();
    expect(parseInfo({ ...info, backup_origin: 'https://media.example.net/media' })).toBeNull();
  });
});
