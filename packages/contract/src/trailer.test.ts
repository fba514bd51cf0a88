import { describe, expect, it } from 'vitest';
import { parseTrailerId, trailerEmbedUrl } from './trailer.js';

const ID = 'dQw4w9WgXcQ';

describe('parseTrailerId', () => {
  it.each([
    ['?v= form', `https://www.youtube.com/watch?v=${ID}`],
    ['&v= form', `https://www.youtube.com/watch?feature=shared&v=${ID}`],
    ['?v= with more parameters', `https://youtube.com/watch?v=${ID}&t=42s`],
    ['youtu.be form', `https://youtu.be/${ID}`],
    ['youtu.be with a query', `https://youtu.be/${ID}?si=abc`],
    ['/embed/ form', `https://www.youtube.com/embed/${ID}`],
    ['nocookie /embed/ form', `https://www.youtube-nocookie.com/embed/${ID}?rel=0`],
    ['/shorts/ form', `https://www.youtube.com/shorts/${ID}`],
    ['bare id', ID],
  ])('reads the id from the %s', (_form, link) => {
    expect(parseTrailerId(link)).toBe(ID);
  });

  it('keeps - and _ in ids', () => {
    expect(parseTrailerId('https://youtu.be/a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty text', ''],
    ['a word', 'trailer'],
    ['a short id', 'https://www.youtube.com/watch?v=abc'],
    ['another site', 'https://vimeo.com/123456789'],
    ['an id with a bad character', 'dQw4w9WgXc!'],
  ])('gives null for %s', (_what, link) => {
    expect(parseTrailerId(link)).toBeNull();
  });
});

describe('trailerEmbedUrl', () => {
  it('uses the privacy-enhanced host', () => {
    expect(trailerEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
  });
});
