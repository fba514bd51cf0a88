import { ENGLISH_SUBTITLES_TEXTS } from '@bosphorus/contract';

/**
 * Issue 28: an episode out with its Turkish audio before its English track
 * says so on its card (home's rows, the series page's episode list); the
 * player says it too (apps/web/src/player). Styles: global.css `.subs-coming`.
 */
export function EnglishSubtitlesComing({ className }: { className?: string }) {
  return (
    <span className={className ? `subs-coming ${className}` : 'subs-coming'}>
      <span className="subs-coming__cc" aria-hidden="true">
        CC
      </span>
      {ENGLISH_SUBTITLES_TEXTS.coming}
    </span>
  );
}
