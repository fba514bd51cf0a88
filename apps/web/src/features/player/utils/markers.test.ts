import { describe, expect, it } from 'vitest';
import { MARKERS_TEXTS, type EpisodeMarker } from '@bosphorus/contract';
import { resumeAfterMarkers, toPlayerMarkers } from './markers';

const markers: EpisodeMarker[] = [
  { kind: 'recap', start_seconds: 0, end_seconds: 240.4 },
  { kind: 'intro', start_seconds: 240.4, end_seconds: 300 },
  { kind: 'credits', start_seconds: 7000, end_seconds: 7100 },
];

describe('episode markers on the watch page (issue 28)', () => {
  it('resumes a position inside a recap or an intro after it, any other as it is', () => {
    expect(resumeAfterMarkers(30, markers)).toBe(241);
    expect(resumeAfterMarkers(250, markers)).toBe(300);
    expect(resumeAfterMarkers(300, markers)).toBe(300);
    expect(resumeAfterMarkers(7050, markers)).toBe(7050);
    expect(resumeAfterMarkers(0, markers)).toBe(0);
    expect(resumeAfterMarkers(30, [])).toBe(30);
  });

  it('says an episode\'s length without recap and credits as "1 h 52 min of story"', () => {
    expect(MARKERS_TEXTS.ofStory(112)).toBe('1 h 52 min of story');
    expect(MARKERS_TEXTS.ofStory(120)).toBe('2 h of story');
    expect(MARKERS_TEXTS.ofStory(45)).toBe('45 min of story');
  });

  it("tells the player each marker's kind and seconds", () => {
    expect(toPlayerMarkers(markers)[1]).toEqual({ kind: 'intro', start: 240.4, end: 300 });
  });
});
