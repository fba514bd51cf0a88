import { INGEST_TEXTS, type SubtitleCue, type SubtitleEncoding } from '@bosphorus/contract';

// Subtitles an operator uploads (issue 17): SRT or WebVTT in any encoding a
// Turkish file comes in, turned into the WebVTT the player reads
// (docs/reference/notes/ingest.md, "Turkish subtitles"; decision 0087).
// ffmpeg's own converter is not used: it mangles short fractions, keeps
// inverted cues and fails on broken cp1254 files.

/** How many cue errors a refusal lists (the count says how many there were in all). */
export const MAX_CUE_ERRORS = 50;

/** A cue that cannot be read: its number (1-based, in file order) and why. */
export interface CueError {
  cue: number;
  error: string;
}

/**
 * The reason a file is refused: every cue that cannot be read (up to
 * MAX_CUE_ERRORS, `count` of them in all), or no cues at all.
 */
export class SubtitleError extends Error {
  constructor(
    message: string,
    readonly cue: number | null,
    readonly cueErrors: CueError[] = [],
    readonly count = cueErrors.length,
  ) {
    super(message);
  }
}

export interface DecodedSubtitles {
  text: string;
  encoding: SubtitleEncoding;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
// Full ICU (Node's default build) has windows-1254. It equals ISO-8859-9
// everywhere but 0x80–0x9F, where 8859-9 has control codes no subtitle
// holds: decoding either as windows-1254 is right for both (the notes).
const cp1254 = new TextDecoder('windows-1254');

/**
 * The text of a subtitle file. A BOM counts only if the rest is strict
 * UTF-8 (a cp1254 file with EF BB BF in front exists); else strict UTF-8;
 * else windows-1254, with stray BOM bytes removed. UTF-16 files (with
 * their BOM) are read too.
 */
export function decodeSubtitles(bytes: Uint8Array): DecodedSubtitles {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16' };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const rest = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: strictUtf8.decode(rest), encoding: bom ? 'utf-8-bom' : 'utf-8' };
  } catch {
    return { text: cp1254.decode(rest), encoding: 'windows-1254' };
  }
}

const TIME = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/;

/** Milliseconds of an SRT or WebVTT time ('00:01:02,5' is 62.5 s: a short fraction is tenths). */
export function parseTime(value: string): number | null {
  const m = TIME.exec(value.trim());
  if (!m) return null;
  const [, h = '0', min, s, frac = '0'] = m;
  if (Number(min) > 59 || Number(s) > 59) return null;
  return ((Number(h) * 60 + Number(min)) * 60 + Number(s)) * 1000 + Number(frac.padEnd(3, '0'));
}

export function formatTime(ms: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

const KEPT_TAGS = /^<\/?(i|b|u)>$/i;
const VTT_SETTING = /^(line|position|size|align|vertical|region):\S+$/;

/** Cue text as WebVTT: `<i> <b> <u>` kept, `<font>` and other tags dropped or escaped, `&` and `-->` escaped. */
function cueText(raw: string): { text: string; top: boolean } {
  let top = false;
  // SSA override blocks: {\an8} (and 7, 9) put the cue at the top; the rest go.
  let text = raw.replace(/\{\\([^}]*)\}/g, (_all, inner: string) => {
    if (/^an[789]$/.test(inner)) top = true;
    return '';
  });
  text = text.replace(/&(?!(?:amp|lt|gt|nbsp|lrm|rlm|#\d+|#x[\da-f]+);)/gi, '&amp;');
  text = text.replace(/<[^<>]*>|<|>/g, (tag) => {
    if (KEPT_TAGS.test(tag)) return tag.toLowerCase();
    if (/^<\/?font\b[^>]*>$/i.test(tag)) return '';
    if (/^<\/?(c|v|lang|ruby|rt)([.\s][^>]*)?>$/i.test(tag) || /^<\d{2}:[\d:.]+>$/.test(tag)) return tag;
    return tag.replace(/</g, '&lt;').replace(/>/g, '&gt;');
  });
  text = text.replace(/-->/g, '--&gt;');
  const lines = text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  return { text: lines.join('\n'), top };
}

export interface ParsedSubtitles {
  cues: SubtitleCue[];
  /** What was fixed or dropped (empty cues, overlaps), for the console. */
  warnings: string[];
}

/**
 * Cues of an SRT or WebVTT text. Refuses (SubtitleError naming every such
 * cue, issue 27) timings it cannot read and cues that end before they
 * start; drops empty cues and warns about overlaps.
 */
export function parseSubtitles(input: string): ParsedSubtitles {
  const text = input.replace(/\uFEFF/g, '').replace(/\r\n?/g, '\n');
  const blocks = text
    .split(/\n[ \t]*\n+/)
    .map((b) => b.replace(/^\n+/, ''))
    .filter((b) => b.trim() !== '');
  const cues: SubtitleCue[] = [];
  const warnings: string[] = [];
  const errors: CueError[] = [];
  let count = 0;
  const refuse = (cue: number, error: string) => {
    count += 1;
    if (errors.length < MAX_CUE_ERRORS) errors.push({ cue, error });
  };
  let number = 0;
  for (const [i, block] of blocks.entries()) {
    const lines = block.split('\n');
    if (i === 0 && /^WEBVTT(\s|$)/.test(lines[0]!)) continue;
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(lines[0]!)) continue;
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0 || at > 1) {
      // A block of text with no timing: a cue's lines split by a blank line.
      number += 1;
      refuse(number, INGEST_TEXTS.cueNoTiming(number, lines[0]!.slice(0, 60)));
      continue;
    }
    number += 1;
    const [left = '', rightAll = ''] = lines[at]!.split('-->');
    const right = rightAll.trim().split(/\s+/);
    const start = parseTime(left);
    const end = parseTime(right[0] ?? '');
    const timing = lines[at]!.trim();
    if (start === null || end === null) {
      refuse(number, INGEST_TEXTS.cueBadTiming(number, timing));
      continue;
    }
    if (end <= start) {
      refuse(number, INGEST_TEXTS.cueEndsBeforeStart(number, timing));
      continue;
    }
    // WebVTT settings are kept; SRT's X1:… coordinates are not WebVTT and go.
    const settings = right.slice(1).filter((s) => VTT_SETTING.test(s));
    const body = cueText(lines.slice(at + 1).join('\n'));
    if (body.text.replace(/<[^>]*>/g, '').trim() === '') {
      warnings.push(INGEST_TEXTS.cueEmpty(number));
      continue;
    }
    if (body.top && !settings.some((s) => s.startsWith('line:'))) settings.push('line:0');
    const previous = cues[cues.length - 1];
    if (previous && start < previous.end_ms) warnings.push(INGEST_TEXTS.cueOverlaps(number));
    cues.push({ number, start_ms: start, end_ms: end, settings: settings.join(' '), text: body.text });
  }
  if (count === 1) throw new SubtitleError(errors[0]!.error, errors[0]!.cue, errors);
  if (count > 1) throw new SubtitleError(INGEST_TEXTS.cueErrors(count, errors.length), errors[0]!.cue, errors, count);
  if (cues.length === 0) throw new SubtitleError(INGEST_TEXTS.noCues, null);
  return { cues, warnings };
}

/** Every cue moved by `offsetMs`; cues that would end at or before 0 go, a start before 0 becomes 0. */
export function shiftCues(cues: SubtitleCue[], offsetMs: number): SubtitleCue[] {
  return cues.flatMap((c) => {
    const end = c.end_ms + offsetMs;
    if (end <= 0) return [];
    return [{ ...c, start_ms: Math.max(0, c.start_ms + offsetMs), end_ms: end }];
  });
}

/** The WebVTT file of cues (numbered in order, as the demo files are). */
export function toWebVtt(cues: SubtitleCue[]): string {
  const body = cues.map(
    (c, i) =>
      `${i + 1}\n${formatTime(c.start_ms)} --> ${formatTime(c.end_ms)}${c.settings ? ` ${c.settings}` : ''}\n${c.text}\n`,
  );
  return ['WEBVTT\n', ...body].join('\n');
}
