import { describe, expect, it } from 'vitest';
import { moveCost, pickNext, type Box } from './geometry';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

/** A grid of cards, 240×360 with 16 px gaps, as the rows and list grids lay them out. */
function grid(rows: number, columns: number, top = 0, left = 96): Box[][] {
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => box(left + c * 256, top + r * 440, 240, 360)),
  );
}

describe('spatial navigation geometry', () => {
  it('moves along a row to the neighbouring card, not to the row below', () => {
    const [row1, row2] = grid(2, 5);
    const candidates = [...row1!, ...row2!];
    expect(candidates[pickNext(row1![1]!, candidates, 'right')]).toBe(row1![2]);
    expect(candidates[pickNext(row1![1]!, candidates, 'left')]).toBe(row1![0]);
  });

  it('moves down a grid to the card in the same column', () => {
    const cards = grid(3, 5);
    const candidates = cards.flat();
    for (let c = 0; c < 5; c++) {
      expect(candidates[pickNext(cards[0]![c]!, candidates, 'down')]).toBe(cards[1]![c]);
      expect(candidates[pickNext(cards[2]![c]!, candidates, 'up')]).toBe(cards[1]![c]);
    }
  });

  it('keeps Left and Right in the focused row: a tiny box of another row beginning nearer does not win', () => {
    // An episode grid (cards 330 px wide, 20 px gaps) and, below it, the star
    // rating's visually hidden 1-px radio just past the first card's right edge.
    const episodes = [box(96, 492, 330, 293), box(446, 496, 330, 293), box(795, 496, 330, 293)];
    const star = box(430, 1100, 1, 1);
    const candidates = [...episodes, star];
    expect(candidates[pickNext(episodes[0]!, candidates, 'right')]).toBe(episodes[1]);
    expect(candidates[pickNext(episodes[2]!, candidates, 'left')]).toBe(episodes[1]);
    // At the row's end the rest of the page still counts (a form's next column, a button below to the right).
    const button = box(1200, 1000, 100, 40);
    expect(pickNext(episodes[2]!, [...candidates, button], 'right')).toBe(candidates.length);
  });

  it('stops at the edges', () => {
    const cards = grid(2, 3);
    const candidates = cards.flat();
    expect(pickNext(cards[0]![0]!, candidates, 'left')).toBe(-1);
    expect(pickNext(cards[0]![0]!, candidates, 'up')).toBe(-1);
    expect(pickNext(cards[1]![2]!, candidates, 'right')).toBe(-1);
    expect(pickNext(cards[1]![2]!, candidates, 'down')).toBe(-1);
  });

  it('reaches a card of a scrolled row lying beyond the screen edge', () => {
    // The ninth card of a carousel is laid out past the right edge of a 1920 px screen.
    const row = grid(1, 10)[0]!;
    expect(row[8]!.left).toBeGreaterThan(1920);
    expect(row[pickNext(row[7]!, row, 'right')]).toBe(row[8]);
  });

  it('goes from a narrow button down to the card below it rather than a nearer one far to the side', () => {
    const watchNow = box(96, 600, 200, 56);
    const cards = [box(96, 760, 240, 360), box(1400, 700, 240, 360)];
    expect(pickNext(watchNow, cards, 'down')).toBe(0);
  });

  it('goes down from the last row of a grid to the pagination under it, not to a lined-up footer link', () => {
    const card = box(534, 0, 195, 363);
    const pageOne = box(886, 411, 44, 44);
    const pageTwo = box(938, 411, 44, 44);
    const aboutUs = box(695, 670, 95, 30);
    expect(pickNext(card, [aboutUs, pageTwo, pageOne], 'down')).toBe(2);
  });

  it('walks a form field by field, and from the last field to the submit button', () => {
    const email = box(760, 300, 400, 56);
    const password = box(760, 380, 400, 56);
    const forgot = box(1000, 450, 160, 24);
    const submit = box(760, 500, 400, 56);
    const candidates = [email, password, forgot, submit];
    expect(candidates[pickNext(email, candidates, 'down')]).toBe(password);
    expect(candidates[pickNext(password, candidates, 'down')]).toBe(forgot);
    expect(candidates[pickNext(forgot, candidates, 'down')]).toBe(submit);
    expect(candidates[pickNext(submit, candidates, 'up')]).toBe(forgot);
  });

  it('treats a box inside the focused one as not beyond it, and one overlapping by a ring as beyond', () => {
    const card = box(0, 0, 240, 360);
    expect(moveCost(card, box(20, 20, 40, 40), 'down')).toBeNull();
    // A lifted card's box overlaps its neighbour by a pixel or two.
    expect(moveCost(card, box(239, 0, 240, 360), 'right')).not.toBeNull();
    expect(moveCost(card, box(200, 0, 240, 360), 'right')).toBeNull();
  });

  it('prefers the box lined up with the focused one when two are equally near', () => {
    const from = box(500, 0, 100, 50);
    const candidates = [box(300, 100, 100, 50), box(520, 100, 100, 50), box(700, 100, 100, 50)];
    expect(pickNext(from, candidates, 'down')).toBe(1);
  });

  it('asks whether a candidate may take the focus lazily, and picks as if the refused ones were never there', () => {
    const cards = grid(4, 8);
    const candidates = cards.flat();
    const from = cards[1]![3]!;
    const asked: number[] = [];
    expect(candidates[pickNext(from, candidates, 'down', (i) => (asked.push(i), true))]).toBe(cards[2]![3]);
    // The nearest band's best card answers; the other 30 cards are never asked.
    expect(asked.length).toBeLessThanOrEqual(2);

    // Refusing some (hidden, skipped, disabled) gives what filtering them out first gives.
    const refused = new Set([candidates.indexOf(cards[2]![3]!), candidates.indexOf(cards[2]![4]!)]);
    const kept = candidates.filter((_, i) => !refused.has(i));
    for (const direction of ['up', 'down', 'left', 'right'] as const) {
      for (const start of candidates) {
        const lazy = pickNext(start, candidates, direction, (i) => !refused.has(i));
        const filtered = pickNext(start, kept, direction);
        expect(lazy < 0 ? null : candidates[lazy]).toBe(filtered < 0 ? null : kept[filtered]);
      }
    }
  });

  it('finds a far-off box when every nearer one is refused', () => {
    const from = box(96, 0, 200, 56);
    const near = grid(3, 5, 100).flat();
    const far = box(96, 5000, 400, 56);
    const candidates = [...near, far];
    expect(pickNext(from, candidates, 'down', (i) => i === candidates.length - 1)).toBe(candidates.length - 1);
    expect(pickNext(from, candidates, 'down', () => false)).toBe(-1);
  });

  it("walks the watch page's frame and the player buttons under it (the player's remote)", () => {
    // Desktop: the frame, and under it one row of four buttons.
    const frame = box(100, 0, 1000, 560);
    const row = [box(600, 600, 120, 40), box(730, 600, 120, 40), box(860, 600, 120, 40), box(990, 600, 100, 40)];
    const [main, backup, reload, report] = row;
    expect(pickNext(frame, row, 'down')).toBe(0);
    expect(row[pickNext(main!, row, 'right')]).toBe(backup);
    expect(row[pickNext(backup!, row, 'left')]).toBe(main);
    expect(pickNext(report!, row, 'right')).toBe(-1);
    expect(pickNext(main!, row, 'left')).toBe(-1);
    const all = [frame, ...row];
    expect(all[pickNext(reload!, all, 'up')]).toBe(frame);
    expect(pickNext(main!, row, 'down')).toBe(-1);
    // A page with the row left-aligned under a wide frame: the site lands under
    // the frame's centre; the player's remote (ties: 'first') on the first button.
    const left = [box(100, 600, 120, 40), box(230, 600, 120, 40), box(360, 600, 120, 40), box(490, 600, 100, 40)];
    expect(pickNext(box(100, 0, 1000, 560), left, 'down')).toBe(3);
    expect(pickNext(box(100, 0, 1000, 560), left, 'down', undefined, 'first')).toBe(0);
    // The server buttons sit in a pill a few pixels lower than Reload Player beside it: still the first.
    const pill = [box(740, 604, 140, 36), box(885, 604, 170, 36), box(1065, 598, 170, 48), box(1240, 598, 110, 48)];
    expect(pickNext(box(180, 0, 1030, 580), pill, 'down', undefined, 'first')).toBe(0);
    // A phone: the buttons wrap into two rows under the frame; down takes the
    // nearer row, and in it the button under the focused box's centre.
    const a = box(16, 240, 170, 44);
    const b = box(200, 240, 170, 44);
    const c = box(16, 294, 170, 44);
    expect(pickNext(box(0, 0, 390, 220), [a, b, c], 'down')).toBe(1);
    expect(pickNext(box(0, 0, 390, 220), [a, b, c], 'down', undefined, 'first')).toBe(0);
    expect(pickNext(box(250, 0, 100, 100), [a, b, c], 'down')).toBe(1);
    expect(pickNext(box(0, 0, 200, 220), [a, b, c], 'down')).toBe(0);
    expect(pickNext(c, [a, b, c], 'up')).toBe(0);
    expect(pickNext(b, [a, b, c], 'down')).toBe(2);
  });
});
