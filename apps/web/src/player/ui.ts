import {
  PLAYER_PAGE_TEXTS as T,
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_COLORS,
  SUBTITLE_SIZES,
} from '@bosphorus/contract/player-protocol';

// The page's markup, built once with DOM calls (no framework, no HTML
// strings). Test ids name what e2e tests find when a role and a label are
// not enough (the cue lines, the error text).

type Attrs = Record<string, string | boolean>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  el.append(...children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
export const ICONS = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zM14 5h4v14h-4z',
  volume:
    'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 7.97v8.05A4.47 4.47 0 0 0 16.5 12zM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06A9 9 0 0 0 14 3.23z',
  muted:
    'M3 9v6h4l5 5V4L7 9H3zm13.59 3 2.7-2.7-1.41-1.41-2.7 2.7-2.7-2.7-1.41 1.41 2.7 2.7-2.7 2.7 1.41 1.41 2.7-2.7 2.7 2.7 1.41-1.41z',
  captions:
    'M19 4H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm-8 7H9.5v-.5h-2v3h2V13H11v1a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v1zm7 0h-1.5v-.5h-2v3h2V13H18v1a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v1z',
  settings:
    'M3 17v2h6v-2H3zM3 5v2h10V5H3zm10 16v-2h8v-2h-8v-2h-2v6h2zM7 9v2H3v2h4v2h2V9H7zm14 4v-2H11v2h10zm-6-4h2V7h4V5h-4V3h-2v6z',
  fullscreen: 'M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z',
  exitFullscreen: 'M5 16h3v3h2v-5H5v2zm3-8H5v2h5V5H8v3zm6 11h2v-3h3v-2h-5v5zm2-11V5h-2v5h5V8h-3z',
  close: 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
};

export function icon(d: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

export function setIcon(button: HTMLElement, d: string) {
  button.querySelector('path')?.setAttribute('d', d);
}

const iconButton = (cls: string, label: string, d: string, attrs: Attrs = {}) =>
  h('button', { type: 'button', class: `bp-btn ${cls}`, 'aria-label': label, ...attrs }, icon(d));

function choiceRow<V extends string>(
  row: string,
  label: string,
  values: readonly V[],
  names: Record<V, string>,
): { group: HTMLElement; buttons: Map<V, HTMLButtonElement> } {
  const buttons = new Map<V, HTMLButtonElement>();
  const group = h('div', { class: 'bp-row', role: 'group', 'aria-label': label, 'data-row': row });
  const options = h('div', { class: 'bp-options' });
  for (const value of values) {
    const b = h(
      'button',
      { type: 'button', class: 'bp-chip', 'data-value': value, 'aria-pressed': 'false' },
      names[value],
    );
    if (row === 'color') b.prepend(h('span', { class: 'bp-swatch', 'data-color': value, 'aria-hidden': 'true' }));
    buttons.set(value, b);
    options.append(b);
  }
  group.append(h('span', { class: 'bp-row-label', 'aria-hidden': 'true' }, label), options);
  return { group, buttons };
}

export function buildUi(root: HTMLElement) {
  const video = h('video', { class: 'bp-video', playsinline: true, 'webkit-playsinline': true, preload: 'auto' });
  // Tracks and media may come from the backup origin after a failover.
  video.crossOrigin = 'anonymous';

  const cueEn = h('div', { class: 'bp-cue bp-cue-main', 'data-testid': 'subtitle-cue', hidden: true }, h('span'));
  const cueTr = h(
    'div',
    { class: 'bp-cue bp-cue-second', lang: 'tr', 'data-testid': 'subtitle-cue-tr', hidden: true },
    h('span'),
  );
  const subs = h('div', { class: 'bp-subs', 'data-testid': 'subtitle-overlay' }, cueEn, cueTr);

  const spinner = h('div', { class: 'bp-spinner', role: 'status', 'aria-label': T.loading });
  const bigPlay = iconButton('bp-big-play', T.play, ICONS.play, { 'data-testid': 'big-play', hidden: true });
  const notice = h('p', { class: 'bp-notice', role: 'status', hidden: true });
  const errorText = h('p', { class: 'bp-error', role: 'alert', 'data-testid': 'player-error', hidden: true });

  const resumeButton = h('button', { type: 'button', class: 'bp-card-btn bp-primary', 'data-testid': 'resume' });
  const startOverButton = h(
    'button',
    { type: 'button', class: 'bp-card-btn', 'data-testid': 'start-over' },
    T.startOver,
  );
  const resumeTitle = h('p', { class: 'bp-card-title' });
  const resumeCard = h(
    'div',
    { class: 'bp-card', role: 'dialog', 'aria-label': T.resumeFrom, hidden: true },
    resumeTitle,
    resumeButton,
    startOverButton,
  );

  // The next-episode card (up-next.ts): heading, what comes, the countdown, two buttons.
  const nextHeading = h('p', { class: 'bp-next-heading', id: 'bp-next-heading' });
  const nextTitle = h('p', { class: 'bp-next-title' });
  const nextCountdown = h('p', { class: 'bp-next-countdown', 'data-testid': 'next-countdown' });
  const nextBar = h('span', { class: 'bp-next-bar', 'aria-hidden': 'true' });
  const nextPlay = h('button', { type: 'button', class: 'bp-card-btn bp-primary', 'data-testid': 'next-play' });
  const nextCancel = h('button', { type: 'button', class: 'bp-card-btn', 'data-testid': 'next-cancel' });
  const nextCard = h(
    'div',
    {
      class: 'bp-next',
      role: 'dialog',
      'aria-labelledby': 'bp-next-heading',
      'data-testid': 'next-card',
      hidden: true,
    },
    nextHeading,
    nextTitle,
    nextCountdown,
    nextBar,
    h('div', { class: 'bp-next-actions', 'data-row': 'actions' }, nextPlay, nextCancel),
  );

  // Subtitle panel.
  const size = choiceRow('size', T.size, SUBTITLE_SIZES, T.sizeNames);
  const color = choiceRow('color', T.colour, SUBTITLE_COLORS, T.colourNames);
  const background = choiceRow('background', T.background, SUBTITLE_BACKGROUNDS, T.backgroundNames);
  const earlier = h('button', { type: 'button', class: 'bp-chip bp-step', 'aria-label': T.earlier }, '−');
  const later = h('button', { type: 'button', class: 'bp-chip bp-step', 'aria-label': T.later }, '+');
  const offsetValue = h(
    'output',
    { class: 'bp-offset', 'data-testid': 'subtitle-offset', 'aria-live': 'polite' },
    '0.0 s',
  );
  const resetOffset = h('button', { type: 'button', class: 'bp-chip', 'aria-label': T.resetTiming }, T.reset);
  const timing = h(
    'div',
    { class: 'bp-row', role: 'group', 'aria-label': T.timing, 'data-row': 'timing' },
    h('span', { class: 'bp-row-label', 'aria-hidden': 'true' }, T.timing),
    h('div', { class: 'bp-options' }, earlier, offsetValue, later, resetOffset),
  );
  const dualButton = h(
    'button',
    { type: 'button', class: 'bp-chip', 'aria-pressed': 'false', 'aria-label': T.dual },
    T.off,
  );
  const dualNote = h('span', { class: 'bp-note', hidden: true }, T.noTurkish);
  const dual = h(
    'div',
    { class: 'bp-row', role: 'group', 'aria-label': T.dual, 'data-row': 'dual' },
    h('span', { class: 'bp-row-label', 'aria-hidden': 'true' }, T.dual),
    h('div', { class: 'bp-options' }, dualButton, dualNote),
  );
  const closePanel = iconButton('bp-close', T.close, ICONS.close);
  const panel = h(
    'div',
    { class: 'bp-panel', id: 'bp-panel', role: 'dialog', 'aria-label': T.subtitleSettings, hidden: true },
    h('div', { class: 'bp-panel-head', 'data-row': 'head' }, h('h2', {}, T.subtitleSettings), closePanel),
    size.group,
    color.group,
    background.group,
    timing,
    dual,
  );

  // Control bar.
  const seek = h('input', {
    type: 'range',
    class: 'bp-seek',
    min: '0',
    max: '0',
    step: '0.1',
    value: '0',
    'aria-label': T.seek,
  });
  const playButton = iconButton('bp-play', T.play, ICONS.play);
  const time = h('span', { class: 'bp-time', 'data-testid': 'time' }, '0:00 / 0:00');
  const muteButton = iconButton('bp-mute', T.mute, ICONS.volume);
  const volume = h('input', {
    type: 'range',
    class: 'bp-volume',
    min: '0',
    max: '1',
    step: '0.05',
    value: '1',
    'aria-label': T.volume,
  });
  const captionsButton = iconButton('bp-captions', T.subtitles, ICONS.captions, { 'aria-pressed': 'true' });
  const settingsButton = iconButton('bp-settings', T.subtitleSettings, ICONS.settings, {
    'aria-expanded': 'false',
    'aria-controls': 'bp-panel',
    'aria-haspopup': 'dialog',
  });
  const fullscreenButton = iconButton('bp-fullscreen', T.fullscreen, ICONS.fullscreen);
  const controls = h(
    'div',
    { class: 'bp-controls' },
    seek,
    h(
      'div',
      { class: 'bp-bar' },
      playButton,
      time,
      h('span', { class: 'bp-spacer' }),
      h('span', { class: 'bp-volume-group' }, muteButton, volume),
      captionsButton,
      settingsButton,
      fullscreenButton,
    ),
  );

  // The title (a series' name, season and episode) over the top of the stage,
  // fading with the controls (issue 26): what is playing, read from the sofa.
  const heading = h('p', { class: 'bp-heading', 'data-testid': 'player-title', 'aria-hidden': 'true' });
  // An episode out before its English track (issue 28): said over the top
  // right of the stage, fading with the controls; the Turkish track plays meanwhile.
  const englishNote = h('p', { class: 'bp-english-note', 'data-testid': 'english-coming', hidden: true });
  // Over a recap or an intro (issue 28): bottom right above the bar; on a phone a large button above the controls.
  const skipButton = h('button', { type: 'button', class: 'bp-skip', 'data-testid': 'skip', hidden: true });

  root.append(
    video,
    subs,
    spinner,
    bigPlay,
    notice,
    errorText,
    resumeCard,
    nextCard,
    skipButton,
    panel,
    heading,
    englishNote,
    controls,
  );
  return {
    root,
    heading,
    englishNote,
    video,
    cueEn,
    cueTr,
    subs,
    spinner,
    bigPlay,
    notice,
    errorText,
    resumeCard,
    resumeTitle,
    resumeButton,
    startOverButton,
    nextCard,
    nextHeading,
    nextTitle,
    nextCountdown,
    nextBar,
    nextPlay,
    nextCancel,
    skipButton,
    panel,
    closePanel,
    sizeButtons: size.buttons,
    colorButtons: color.buttons,
    backgroundButtons: background.buttons,
    earlier,
    later,
    resetOffset,
    offsetValue,
    dualButton,
    dualNote,
    controls,
    seek,
    playButton,
    time,
    muteButton,
    volume,
    captionsButton,
    settingsButton,
    fullscreenButton,
  };
}

export type PlayerUi = ReturnType<typeof buildUi>;
