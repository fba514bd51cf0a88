import { describe, expect, it } from 'vitest';
import { isSafePageHref, parsePageInline, parsePageSource } from './support.js';

// Decision 0025: the policy pages' source format.

describe('parsePageSource', () => {
  it('reads headings, joined paragraph lines, bullet and numbered lists, and continued items', () => {
    const source = [
      '## Who',
      'First line',
      'second line.',
      '',
      '- one',
      '  still one',
      '* two',
      '1. first',
      '2) second',
      '### Small',
      'Tail',
    ].join('\r\n');
    expect(parsePageSource(source)).toEqual([
      { type: 'heading', level: 2, text: 'Who' },
      { type: 'paragraph', content: [{ text: 'First line second line.' }] },
      { type: 'list', ordered: false, items: [[{ text: 'one still one' }], [{ text: 'two' }]] },
      { type: 'list', ordered: true, items: [[{ text: 'first' }], [{ text: 'second' }]] },
      { type: 'heading', level: 3, text: 'Small' },
      { type: 'paragraph', content: [{ text: 'Tail' }] },
    ]);
  });

  it('keeps markup as text: a # title line, HTML and a single # are not markup', () => {
    expect(parsePageSource('# Big\n<b>bold</b>')).toEqual([
      { type: 'paragraph', content: [{ text: '# Big <b>bold</b>' }] },
    ]);
    expect(parsePageSource('   \n\n')).toEqual([]);
  });
});

describe('links', () => {
  it('keeps targets of this site, mailto: and https: only', () => {
    expect(isSafePageHref('/profile/faq')).toBe(true);
    expect(isSafePageHref('mailto:a@b.example')).toBe(true);
    expect(isSafePageHref('https://example.com/x')).toBe(true);
    for (const bad of ['//evil.example', '/\\evil', 'javascript:alert(1)', 'http://example.com', 'data:text/html,x']) {
      expect(isSafePageHref(bad), bad).toBe(false);
    }
    expect(parsePageInline('a [x](http://plain.example) b [y](/ok)')).toEqual([
      { text: 'a x b ' },
      { text: 'y', href: '/ok' },
    ]);
  });
});
