import { describe, expect, it } from 'vitest';
import { seasonTabIndex } from './season-tabs';

describe('seasonTabIndex', () => {
  it('moves with the arrows, wrapping around, and jumps with Home and End', () => {
    expect(seasonTabIndex('ArrowRight', 0, 3)).toBe(1);
    expect(seasonTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(seasonTabIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(seasonTabIndex('ArrowLeft', 2, 3)).toBe(1);
    expect(seasonTabIndex('Home', 2, 3)).toBe(0);
    expect(seasonTabIndex('End', 0, 3)).toBe(2);
  });

  it('ignores other keys and an empty tab list', () => {
    expect(seasonTabIndex('ArrowDown', 0, 3)).toBeNull();
    expect(seasonTabIndex('Enter', 0, 3)).toBeNull();
    expect(seasonTabIndex('ArrowRight', 0, 0)).toBeNull();
  });
});
