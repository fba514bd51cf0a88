import { describe, expect, it } from 'vitest';
import { nearestInDirection, type Box } from './nearest-in-direction';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

// The watch page at desktop width: the frame, and under it one row of four buttons.
const frame = box(100, 0, 1000, 560);
const main = { item: 'main', box: box(600, 600, 120, 40) };
const backup = { item: 'backup', box: box(730, 600, 120, 40) };
const reload = { item: 'reload', box: box(860, 600, 120, 40) };
const report = { item: 'report', box: box(990, 600, 100, 40) };
const row = [main, backup, reload, report];

describe('nearestInDirection', () => {
  it('goes down from the frame to the first button of the row under it', () => {
    expect(nearestInDirection(frame, row, 'down')).toBe('main');
  });

  it('moves along the row and stops at its ends', () => {
    expect(nearestInDirection(main.box, row, 'right')).toBe('backup');
    expect(nearestInDirection(backup.box, row, 'left')).toBe('main');
    expect(nearestInDirection(report.box, row, 'right')).toBeNull();
    expect(nearestInDirection(main.box, row, 'left')).toBeNull();
  });

  it('goes up from any button to the frame above it', () => {
    const all = [{ item: 'frame', box: frame }, ...row];
    expect(nearestInDirection(reload.box, all, 'up')).toBe('frame');
    expect(nearestInDirection(main.box, all, 'down')).toBeNull();
  });

  it('takes the nearest line, then the box closest across the move, then page order', () => {
    // A phone: the buttons wrap into two rows under the frame.
    const phoneFrame = box(0, 0, 390, 220);
    const a = { item: 'a', box: box(16, 240, 170, 44) };
    const b = { item: 'b', box: box(200, 240, 170, 44) };
    const c = { item: 'c', box: box(16, 294, 170, 44) };
    expect(nearestInDirection(phoneFrame, [a, b, c], 'down')).toBe('a');
    // From a box over b's column, b is closer across than a.
    expect(nearestInDirection(box(250, 0, 100, 100), [a, b, c], 'down')).toBe('b');
    expect(nearestInDirection(c.box, [a, b, c], 'up')).toBe('a');
    expect(nearestInDirection(b.box, [a, b, c], 'down')).toBe('c');
  });
});
