import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The demo clips every seeded title plays (apps/api/media/demo, committed):
// what their subtitle files say, so a test can tell an English cue from
// anything else on the screen.

const demoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/media/demo');

/** The cue texts of every clip's subtitle file in `language` (e.g. 'en'). */
export function cueLines(language: string): string[] {
  const lines = new Set<string>();
  for (const clip of fs.readdirSync(demoDir)) {
    const file = path.join(demoDir, clip, 'subs', `${language}.vtt`);
    if (!fs.existsSync(file)) continue;
    const blocks = fs
      .readFileSync(file, 'utf8')
      .replace(/\r/g, '')
      .split(/\n{2,}/);
    for (const block of blocks) {
      const rows = block.split('\n');
      const timing = rows.findIndex((r) => r.includes('-->'));
      if (timing < 0) continue;
      const text = rows
        .slice(timing + 1)
        .join('\n')
        .replace(/<[^>]+>/g, '')
        .trim();
      if (text) lines.add(text);
    }
  }
  if (!lines.size) throw new Error(`no ${language} cues under ${demoDir}`);
  return [...lines];
}

/** Matches exactly one of `lines`. */
export function oneOf(lines: string[]): RegExp {
  return new RegExp(`^(?:${lines.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
}
