// Type: the title face per mood, the sans face for small print, how a title
// breaks into lines, and the page script that shrinks text to fit its box.

import type { Mood } from './palette.js';

export const FONTS: Record<
  Mood,
  { family: string; weight: number; upper: boolean; spacing: string; italic?: boolean }
> = {
  epic: { family: "'URW Bookman', 'C059', 'DejaVu Serif', serif", weight: 700, upper: true, spacing: '0.04em' },
  love: {
    family: "'P052', 'C059', 'Liberation Serif', serif",
    weight: 700,
    upper: false,
    spacing: '0.005em',
    italic: true,
  },
  dark: {
    family: "'Nimbus Sans Narrow', 'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif",
    weight: 700,
    upper: true,
    spacing: '0.02em',
  },
  fear: { family: "'C059', 'Nimbus Roman', 'DejaVu Serif', serif", weight: 700, upper: true, spacing: '0.12em' },
  light: { family: "'URW Gothic', 'DejaVu Sans', sans-serif", weight: 700, upper: false, spacing: '-0.01em' },
  drama: { family: "'P052', 'Nimbus Roman', 'Liberation Serif', serif", weight: 400, upper: true, spacing: '0.09em' },
};
export const SANS = "'Nimbus Sans', 'Liberation Sans', 'DejaVu Sans', sans-serif";

/** Split a title into lines for stacked typography. */
export function titleLines(title: string): string[] {
  const parts = title.split(/:\s+/);
  if (parts.length > 1) return parts.flatMap((p) => (p.length > 16 ? balance(p) : [p]));
  return title.length > 12 ? balance(title) : [title];
}
function balance(text: string): string[] {
  const words = text.split(' ');
  if (words.length === 1) return [text];
  if (words.length >= 4 && text.length > 26) {
    const a = Math.ceil(words.length / 3);
    return [words.slice(0, a).join(' '), words.slice(a, 2 * a).join(' '), words.slice(2 * a).join(' ')].filter(Boolean);
  }
  let best = 1;
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const d = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
    if (d < bestDiff) {
      bestDiff = d;
      best = i;
    }
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

// Runs inside Chromium after layout: shrinks each [data-fit] text until it fits
// its box (width, and data-maxh when set).
export const FIT_TEXT_SCRIPT = `<script>
for (const el of document.querySelectorAll('[data-fit]')) {
  const max = Number(el.dataset.fit), min = Number(el.dataset.min || 10), box = el.parentElement;
  const maxH = Number(el.dataset.maxh || 1e9);
  let size = max;
  el.style.fontSize = size + 'px';
  while (size > min && (el.scrollWidth > box.clientWidth + 0.5 || el.getBoundingClientRect().height > maxH)) {
    size -= 1; el.style.fontSize = size + 'px';
  }
}
</script>`;
