// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION, ISSUE_REPORT_FIELDS, issueReportForm } from '@bosphorus/contract';
import { collectReportFields, isIpad, isSafari, startAtOf } from './report-fields';

const TOKEN = 'v1.k1.cGF5bG9hZA.c2ln';
const USER = { user_id: 7, user_name: 'Ayşe', user_email: 'ayse@example.com', user_status: '1' };
const SRC = `https://media.example.com/player?token=${TOKEN}&cb=99&user_id=7&video_id=102&video_type=episode`;

afterEach(() => localStorage.clear());

function env(overrides: Partial<Navigator> = {}) {
  const nav = {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
    platform: 'Linux x86_64',
    maxTouchPoints: 0,
    onLine: true,
    connection: { effectiveType: '4g' },
    ...overrides,
  } as unknown as Navigator;
  return {
    location: { href: 'https://bosphorus.tv/watchEpisodes/102' } as Location,
    navigator: nav,
    screen: { width: 1920, height: 1080 } as Screen,
  };
}

describe('collectReportFields (spec §3 Issue report)', () => {
  it('fills every field the contract lists, and the server schema accepts them', () => {
    localStorage.setItem('authToken', 'a.b.c');
    const report = collectReportFields(
      '  The picture freezes at 12:30  ',
      { serieTitle: 'Diriliş: Ertuğrul', episodeTitle: 'Bölüm 2', frameSrc: SRC },
      USER,
      env(),
    );
    expect(Object.keys(report).sort()).toEqual([...ISSUE_REPORT_FIELDS].sort());
    expect(report).toMatchObject({
      link: 'https://bosphorus.tv/watchEpisodes/102',
      note: 'The picture freezes at 12:30',
      usermail: 'ayse@example.com',
      user_id: '7',
      serie_title: 'Diriliş: Ertuğrul',
      episode_title: 'Bölüm 2',
      frontend_version: APP_VERSION,
      screen_resolution: '1920x1080',
      is_ipad: 'false',
      is_safari: 'false',
      has_jwt: 'true',
      network_status: 'online',
      connection_type: '4g',
    });
    expect(report.frontend_version).toBe('110');
    expect(report.build_hash).toBeTruthy();
    expect(report.build_timestamp).toBeTruthy();
    expect(report.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(issueReportForm.safeParse(report).success).toBe(true);
  });

  it('never puts the playback token in current_video_url', () => {
    const report = collectReportFields('x', { serieTitle: 'S', episodeTitle: 'E', frameSrc: SRC }, USER, env());
    expect(report.current_video_url).toBe(
      'https://media.example.com/player?cb=99&user_id=7&video_id=102&video_type=episode',
    );
    expect(JSON.stringify(report)).not.toContain(TOKEN);
  });

  it('says offline, unknown connection and no token when that is so', () => {
    const report = collectReportFields(
      'x',
      { serieTitle: 'S', episodeTitle: '', frameSrc: null },
      null,
      env({ onLine: false, connection: undefined } as unknown as Partial<Navigator>),
    );
    expect(report).toMatchObject({
      network_status: 'offline',
      connection_type: 'unknown',
      has_jwt: 'false',
      usermail: '',
      user_id: '',
      current_video_url: '',
    });
  });

  it('keeps long values within the server limits', () => {
    const report = collectReportFields(
      'x',
      { serieTitle: 'S', episodeTitle: '', frameSrc: SRC },
      USER,
      env({ userAgent: 'A'.repeat(5_000) }),
    );
    expect(report.user_agent).toHaveLength(1_000);
    expect(issueReportForm.safeParse(report).success).toBe(true);
  });
});

describe('device flags', () => {
  it('recognises an iPad, also one that says Macintosh', () => {
    expect(isIpad({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 15_0)', platform: 'iPad', maxTouchPoints: 5 })).toBe(true);
    expect(isIpad({ userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
    expect(isIpad({ userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
  });
  it('tells Safari from Chrome', () => {
    expect(isSafari('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15')).toBe(true);
    expect(isSafari('Mozilla/5.0 AppleWebKit/537.36 Chrome/140.0 Safari/537.36')).toBe(false);
  });
});

describe('the playback position (issue 17: the console opens the player there)', () => {
  it('carries the position in whole seconds when the page knows it', () => {
    const report = collectReportFields(
      'Frozen',
      { serieTitle: 'Kuruluş', episodeTitle: 'Bölüm 1', frameSrc: SRC, position: () => 125.8 },
      USER,
      env(),
    );
    expect(report.position_seconds).toBe('125');
    expect(issueReportForm.safeParse(report).success).toBe(true);
  });

  it('reads ?t= as a start position, ignoring anything but whole seconds', () => {
    expect(startAtOf(new URLSearchParams('t=125'))).toBe(125);
    expect(startAtOf(new URLSearchParams('t=-5'))).toBeUndefined();
    expect(startAtOf(new URLSearchParams('t=1:05'))).toBeUndefined();
    expect(startAtOf(new URLSearchParams(''))).toBeUndefined();
  });
});
