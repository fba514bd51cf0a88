import { describe, expect, it } from 'vitest';
import { ENGLISH_SUBTITLES_TEXTS } from '@bosphorus/contract';
import { englishNoteFor } from './subtitle-tracks';

// Issue 28: the player says "English subtitles coming" on an episode that
// plays without its English track, and that the Turkish track shows meanwhile.

const track = (language: string) => ({ language, label: language, src: `subs/${language}.vtt`, default: false });

describe('englishNoteFor', () => {
  it('says English subtitles are coming on an episode without its English track', () => {
    expect(englishNoteFor('episode', [track('tr')])).toBe(
      `${ENGLISH_SUBTITLES_TEXTS.coming} · ${ENGLISH_SUBTITLES_TEXTS.turkishMeanwhile}`,
    );
    expect(englishNoteFor('episode', [])).toBe(ENGLISH_SUBTITLES_TEXTS.coming);
  });

  it('says nothing once the English track is there, nor on a movie', () => {
    expect(englishNoteFor('episode', [track('en'), track('tr')])).toBeNull();
    expect(englishNoteFor('movie', [track('tr')])).toBeNull();
    expect(englishNoteFor(null, [])).toBeNull();
  });
});
