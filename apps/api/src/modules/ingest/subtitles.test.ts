import { describe, expect, it } from 'vitest';
import { CP1254_ONLY, windows1254 } from './test-media.js';
import {
  decodeSubtitles,
  MAX_CUE_ERRORS,
  parseSubtitles,
  parseTime,
  shiftCues,
  SubtitleError,
  toWebVtt,
} from './subtitles.js';

// Real Turkish bytes, written by hand (test-media.ts): Windows-1254 and
// ISO-8859-9 put ş ğ ı İ at the same single bytes.
const singleByte = windows1254;
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const BOM = [0xef, 0xbb, 0xbf];

const SRT =
  '1\r\n00:00:01,000 --> 00:00:02,500\r\nşişe ğüz ılık İstanbul\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nDağ başı\r\n';

describe('decodeSubtitles', () => {
  it('reads Windows-1254 bytes, keeping ş ğ ı İ, and its typographic quotes', () => {
    const bytes = singleByte('“Şu İşi” ş ğ ı İ… Ğ’', CP1254_ONLY);
    expect(decodeSubtitles(bytes)).toEqual({ text: '“Şu İşi” ş ğ ı İ… Ğ’', encoding: 'windows-1254' });
  });

  it('reads ISO-8859-9 bytes (the same letters) and a one-cue file too short for a detector', () => {
    expect(decodeSubtitles(singleByte('ş ğ ı İ'))).toEqual({ text: 'ş ğ ı İ', encoding: 'windows-1254' });
  });

  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeSubtitles(utf8('ş ğ ı İ'))).toEqual({ text: 'ş ğ ı İ', encoding: 'utf-8' });
    expect(decodeSubtitles(Uint8Array.from([...BOM, ...utf8('ş ğ ı İ')]))).toEqual({
      text: 'ş ğ ı İ',
      encoding: 'utf-8-bom',
    });
  });

  it('does not trust a BOM in front of Windows-1254 bytes', () => {
    const decoded = decodeSubtitles(Uint8Array.from([...BOM, ...singleByte('ş ğ ı İ')]));
    expect(decoded).toEqual({ text: 'ş ğ ı İ', encoding: 'windows-1254' });
  });

  it('reads UTF-16 with its BOM', () => {
    const bytes = Uint8Array.from([0xff, 0xfe, ...Buffer.from('ş ğ ı İ', 'utf16le')]);
    expect(decodeSubtitles(bytes)).toEqual({ text: 'ş ğ ı İ', encoding: 'utf-16' });
  });
});

describe('parseSubtitles and toWebVtt', () => {
  it('turns a CRLF SRT in Windows-1254 into WebVTT with the Turkish letters intact', () => {
    const { cues, warnings } = parseSubtitles(decodeSubtitles(singleByte(SRT)).text);
    expect(warnings).toEqual([]);
    expect(toWebVtt(cues)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nşişe ğüz ılık İstanbul\n\n2\n00:00:03.000 --> 00:00:04.000\nDağ başı\n',
    );
  });

  it('reads short fractions as tenths, hours of one digit, a missing index, X1 coordinates and {\\an8}', () => {
    const { cues } = parseSubtitles(
      '0:00:07.20 --> 0:00:08,5 X1:100 X2:200 Y1:10 Y2:20\n{\\an8}Üstte\n\n00:10,000 --> 00:11,000\nİki',
    );
    expect(cues).toEqual([
      { number: 1, start_ms: 7200, end_ms: 8500, settings: 'line:0', text: 'Üstte' },
      { number: 2, start_ms: 10_000, end_ms: 11_000, settings: '', text: 'İki' },
    ]);
  });

  it('keeps <i> <b> <u>, drops <font>, escapes & < and --> in the text', () => {
    const { cues } = parseSubtitles(
      '1\n00:00:01,000 --> 00:00:02,000\n<font color="#ffff00"><I>Ali & Ayşe</I></font> a<b --> c',
    );
    expect(cues[0]!.text).toBe('<i>Ali &amp; Ayşe</i> a&lt;b --&gt; c');
  });

  it('keeps a WebVTT file as it is, settings and entities included, and skips NOTE blocks', () => {
    const vtt = 'WEBVTT\n\nNOTE made by hand\n\nintro\n00:00:00.300 --> 00:00:02.400 align:start\nTom &amp; Jerry\n';
    expect(parseSubtitles(vtt).cues).toEqual([
      { number: 1, start_ms: 300, end_ms: 2400, settings: 'align:start', text: 'Tom &amp; Jerry' },
    ]);
  });

  it('drops empty cues and warns about them and about overlaps', () => {
    const { cues, warnings } = parseSubtitles(
      '1\n00:00:01,000 --> 00:00:03,000\nBir\n\n2\n00:00:02,000 --> 00:00:04,000\nİki\n\n3\n00:00:05,000 --> 00:00:06,000\n<i></i>\n',
    );
    expect(cues.map((c) => c.text)).toEqual(['Bir', 'İki']);
    expect(warnings).toEqual(['Cue 2 starts before the previous one ends.', 'Cue 3 has no text and was left out.']);
  });

  it('refuses a cue that ends before it starts, naming it', () => {
    const run = () => parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nBir\n\n2\n00:00:05,000 --> 00:00:04,000\nİki');
    expect(run).toThrow(SubtitleError);
    expect(run).toThrow('Cue 2 (00:00:05,000 --> 00:00:04,000): it ends before it starts.');
  });

  it('refuses unreadable times and timing-less blocks, naming the cue', () => {
    expect(() => parseSubtitles('1\n00:00:01,000 --> 00:61:02,000\nBir')).toThrow(
      'Cue 1 (00:00:01,000 --> 00:61:02,000): the times cannot be read.',
    );
    expect(() => parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nBir\n\nstray line')).toThrow(
      'Cue 2 has no timing line (it starts "stray line").',
    );
    expect(() => parseSubtitles('\uFEFF\n\n')).toThrow('The file holds no subtitle cues.');
  });

  it('names every cue that cannot be read, up to a limit, with how many there were', () => {
    const cue = (n: number, timing: string) => `${n}\n${timing}\nMetin ${n}`;
    const text = [
      cue(1, '00:00:01,000 --> 00:00:02,000'),
      cue(2, '00:00:05,000 --> 00:00:04,000'),
      'stray line',
      cue(4, '00:00:08,000 --> 00:0x:09,000'),
      cue(5, '00:00:10,000 --> 00:00:11,000'),
    ].join('\n\n');
    let error: SubtitleError | null = null;
    try {
      parseSubtitles(text);
    } catch (e) {
      error = e as SubtitleError;
    }
    expect(error).toBeInstanceOf(SubtitleError);
    expect(error!.message).toBe('3 cues cannot be read; nothing was stored.');
    expect(error!.cueErrors).toEqual([
      { cue: 2, error: 'Cue 2 (00:00:05,000 --> 00:00:04,000): it ends before it starts.' },
      { cue: 3, error: 'Cue 3 has no timing line (it starts "stray line").' },
      { cue: 4, error: 'Cue 4 (00:00:08,000 --> 00:0x:09,000): the times cannot be read.' },
    ]);

    const many = Array.from({ length: MAX_CUE_ERRORS + 10 }, (_, i) => cue(i + 1, '00:00:05,000 --> 00:00:04,000'));
    try {
      parseSubtitles(many.join('\n\n'));
    } catch (e) {
      error = e as SubtitleError;
    }
    expect(error!.count).toBe(MAX_CUE_ERRORS + 10);
    expect(error!.cueErrors).toHaveLength(MAX_CUE_ERRORS);
    expect(error!.cueErrors.at(-1)!.cue).toBe(MAX_CUE_ERRORS);
    expect(error!.message).toBe(
      `${MAX_CUE_ERRORS + 10} cues cannot be read (the first ${MAX_CUE_ERRORS} are listed); nothing was stored.`,
    );
  });

  it('parses times', () => {
    expect(parseTime('01:02:03,004')).toBe(3_723_004);
    expect(parseTime('02:03.5')).toBe(123_500);
    expect(parseTime('x')).toBeNull();
  });
});

describe('shiftCues', () => {
  it('moves every cue, clamping at 0 and dropping cues that end before it', () => {
    const { cues } = parseSubtitles(
      '1\n00:00:00,500 --> 00:00:01,000\nA\n\n2\n00:00:01,500 --> 00:00:03,000\nB\n\n3\n00:00:04,000 --> 00:00:05,000\nC',
    );
    expect(shiftCues(cues, -2000).map((c) => [c.start_ms, c.end_ms])).toEqual([
      [0, 1000],
      [2000, 3000],
    ]);
    expect(shiftCues(cues, 1500).map((c) => c.start_ms)).toEqual([2000, 3000, 5500]);
  });
});
