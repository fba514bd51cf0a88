import {
  APP_MODULES_ATTRIBUTE,
  APP_PRELOADS_ATTRIBUTE,
  DETAIL_SHELL_END,
  DETAIL_SHELL_START,
  HOME_SHELL_END,
  HOME_SHELL_START,
  LATEST_EPISODES_LIMIT,
  LAYOUT_BREAKPOINT_PX,
  LIST_PAGE_TEXTS,
  LIST_SKELETON_CARDS,
  listPosterSlot,
  listShellMarkers,
  type ListShellKind,
  MESSAGES,
  RECENT_ROW_LIMIT,
  SHELL_BACKDROP_IMAGE,
  SHELL_HERO_IMAGE,
  shellPosterSlot,
  TOP_CAROUSEL_SLIDES,
} from '@bosphorus/contract';

// The page shell (issue 15, decision 0060): markup written into the served
// document's #root at build time (build/app-shell.ts), so a viewer sees the
// header, the hero area and the home rows' skeletons before any script has
// arrived — on a slow link the app's JavaScript takes seconds. React's first
// render replaces it with the same boxes (home-skeleton.tsx) or the page.
//
// Classes only: the page's Content-Security-Policy refuses style attributes,
// so the per-width slide counts of the rows are media queries here
// (shellCss), made from the same §9 table the carousel reads.
// The header is the logo alone: who is signed in is known to the app only.
// The hero's box and the first row's poster boxes hold a slot (a comment)
// the server fills with the pictures of the home answer (decision 0094).
// Below the layout breakpoint the rows show the peek of the next card as the
// app's rows do (decision 0070), so the app's first render moves nothing.
// A detail page's part is the hero's skeleton (DetailHeroSkeleton) with a
// backdrop slot the server fills with the title's cover; a list page's is
// its heading, the filter bar's boxes and the loading grid, whose cards hold
// slots the server fills with the first page's posters (decision 0099).

const ROWS = [
  { label: MESSAGES.topSeries, max: Infinity, episodes: false },
  { label: MESSAGES.recentSeries, max: RECENT_ROW_LIMIT, episodes: false },
  { label: MESSAGES.latestEpisodes, max: LATEST_EPISODES_LIMIT, episodes: true },
  { label: MESSAGES.topMovies, max: Infinity, episodes: false },
  { label: MESSAGES.recentMovies, max: RECENT_ROW_LIMIT, episodes: false },
];

/** Where the served document lists the app's modules (build/app-shell.ts, decision 0099). */
export const APP_MODULE_ATTRIBUTES = { modules: APP_MODULES_ATTRIBUTE, preloads: APP_PRELOADS_ATTRIBUTE };

/** The home page's heading for screen readers (home-page.tsx). */
export const HOME_HEADING = 'Bosphorus: Turkish series and movies with English subtitles';

const MOST_SLIDES = Math.max(...TOP_CAROUSEL_SLIDES.map(([, n]) => n));

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

const LOGO =
  '<span class="logo" aria-hidden="true"><svg class="logo__mark" viewBox="0 0 64 64" focusable="false">' +
  '<rect width="64" height="64" rx="14" fill="#D7263D"></rect>' +
  '<path d="M14 45c6-4 12-4 18 0s12 4 18 0" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"></path>' +
  '<path d="M24 35a10 10 0 1 1 12-15 8 8 0 1 0-12 15z" fill="#fff"></path>' +
  '</svg><span class="logo__word">Bosphorus</span></span>';

/** The share of the next card that shows on phones and tablets (carousel.tsx PEEK_SLIDES). */
const PEEK_SLIDES = 0.25;

function slide(episodes: boolean, slot: string): string {
  return (
    '<div class="carousel__slide">' +
    `<div class="skeleton ${episodes ? 'shell-still' : 'shell-poster'}">${slot}</div>` +
    '<div class="skel-text skel-text--name"><span class="skeleton shell-w75"></span></div>' +
    '<div class="skel-text skel-text--meta"><span class="skeleton shell-w50"></span></div>' +
    (episodes ? '<div class="skel-text skel-text--line"><span class="skeleton shell-w65"></span></div>' : '') +
    '</div>'
  );
}

/**
 * Marks the served shell's outer element. The app's own layout has the same
 * class (its styles are the shell's), so the start-up script tells "only the
 * shell is here, nothing has rendered" by this attribute, never by the class.
 */
export const PAGE_SHELL_ATTRIBUTE = 'data-page-shell';

/** A detail page's hero while it loads: detail-hero.tsx DetailHeroSkeleton's boxes, in classes. */
const DETAIL =
  '<main id="main" class="detail-page" aria-busy="true">' +
  '<section class="detail-hero detail-hero--skeleton" aria-hidden="true">' +
  `<div class="detail-hero__backdrop">${SHELL_BACKDROP_IMAGE}</div>` +
  '<div class="detail-hero__inner"><div class="detail-hero__poster skeleton"></div>' +
  '<div class="detail-hero__head"><div class="skeleton skeleton--line shell-w60 shell-detail-title"></div>' +
  '<div class="skeleton skeleton--line shell-w45 shell-detail-meta"></div></div>' +
  '<div class="detail-hero__description"><div class="skeleton skeleton--line"></div>' +
  '<div class="skeleton skeleton--line"></div><div class="skeleton skeleton--line shell-w70"></div></div>' +
  '<div class="detail-hero__actions"><div class="skeleton skeleton--button"></div>' +
  '<div class="skeleton skeleton--button"></div></div></div></section></main>';

/**
 * A list page while it loads (catalogue-list-page.tsx): its heading, the
 * filter bar's boxes in the bar's own classes (the search field and the
 * series' four or the movies' three controls, so the bar has its height at
 * every width), the summary line and the grid's skeleton cards
 * (TitleCardSkeleton), each with a poster slot.
 */
function listShell(kind: ListShellKind): string {
  const { title, intro } = LIST_PAGE_TEXTS[kind];
  // filter-rules.ts filterGroupsFor: year, status (series only), genre; then the sort toggle.
  const groups = kind === 'series' ? [MESSAGES.year, MESSAGES.status, MESSAGES.genre] : [MESSAGES.year, MESSAGES.genre];
  const controls =
    groups
      .map(
        (label) =>
          `<div class="filter-dropdown"><div class="filter-dropdown__control"><span class="filter-dropdown__trigger">${escapeText(label)}</span></div></div>`,
      )
      .join('') + `<div class="sort-toggle"><span>${escapeText(LIST_PAGE_TEXTS.sort)}</span></div>`;
  const card = (i: number) =>
    `<div><div class="skeleton shell-poster">${listPosterSlot(kind, i)}</div>` +
    '<div class="skeleton shell-card-name shell-w80"></div><div class="skeleton shell-card-meta shell-w50"></div></div>';
  const { start, end } = listShellMarkers(kind);
  return (
    start +
    '<main id="main" class="page catalogue-list" aria-busy="true"><header class="catalogue-list__header">' +
    `<h1 class="catalogue-list__title">${escapeText(title)}</h1><p class="catalogue-list__intro">${escapeText(intro)}</p></header>` +
    '<div class="filter-bar" aria-hidden="true"><div class="search-field"><div class="search-field__input"></div></div>' +
    `<div class="filter-bar__controls${kind === 'series' ? ' filter-bar__controls--pairs' : ''}">${controls}</div></div>` +
    '<section class="catalogue-results" aria-hidden="true"><div class="skeleton catalogue-results__summary-skeleton"></div>' +
    `<div class="card-grid catalogue-grid">${Array.from({ length: LIST_SKELETON_CARDS }, (_, i) => card(i)).join('')}</div>` +
    '</section></main>' +
    end
  );
}

/** The shell's markup: header, then the home part (hero and row skeletons), the detail part and the list parts. */
export function shellMarkup(): string {
  const header =
    `<div class="app-shell" ${PAGE_SHELL_ATTRIBUTE}><header class="site-header"><div class="site-header__inner">` +
    `<a href="/" class="site-header__logo" aria-label="Bosphorus home">${LOGO}</a>` +
    '</div></header>';
  const hero =
    '<div class="hero hero--skeleton" aria-hidden="true"><div class="hero__slide">' +
    `<div class="hero__media skeleton">${SHELL_HERO_IMAGE}</div><div class="hero__body"><div class="hero__content">` +
    '<div class="skeleton skel-line shell-w30"></div><div class="skeleton skel-title"></div>' +
    '<div class="skeleton skel-line shell-w45"></div><div class="skeleton skel-line shell-w90"></div>' +
    '<div class="skeleton skel-line shell-w75"></div>' +
    '</div></div></div><div class="hero__controls"></div></div>';
  const rows = ROWS.map(
    ({ label, max, episodes }, row) =>
      `<div class="home-row shell-row${Number.isFinite(max) ? ` shell-row--max${max}` : ''}">` +
      `<div class="row__head"><div class="home-row__heading"><p class="row__title">${escapeText(label)}</p></div></div>` +
      '<div class="carousel__viewport"><div class="carousel__container">' +
      Array.from({ length: Math.min(MOST_SLIDES, max) + 1 }, (_, i) =>
        slide(episodes, row === 0 ? shellPosterSlot(i) : ''),
      ).join('') +
      '</div></div></div>',
  ).join('');
  const home =
    '<main id="main" class="home">' +
    `<h1 class="visually-hidden">${HOME_HEADING}</h1>` +
    hero +
    `<div class="home__rows" aria-hidden="true">${rows}</div></main>`;
  return (
    `${header}${HOME_SHELL_START}${home}${HOME_SHELL_END}${DETAIL_SHELL_START}${DETAIL}${DETAIL_SHELL_END}` +
    `${listShell('series')}${listShell('movies')}</div>`
  );
}

/**
 * The shell's own rules (the app's stylesheet supplies the rest, taken from
 * it at build time): line widths, picture shapes and the slides per width
 * of spec §9, with the recent rows' limits.
 */
export function shellCss(): string {
  const rules: string[] = [
    '.shell-poster{aspect-ratio:2/3}',
    '.shell-still{aspect-ratio:16/9}',
    ...[30, 45, 50, 60, 65, 70, 75, 80, 90].map((w) => `.shell-w${w}{width:${w}%}`),
    // TitleCardSkeleton's name and meta lines.
    '.shell-card-name{height:16px;margin-top:12px}',
    '.shell-card-meta{height:12px;margin-top:8px}',
    // DetailHeroSkeleton's title and meta lines.
    '.shell-detail-title{height:2.5rem}',
    '.shell-detail-meta{margin-top:16px}',
    // The pictures the server writes into the slots (decision 0094).
    '.shell-poster{position:relative;overflow:hidden}',
    '.shell-img{position:absolute;top:0;left:0;width:100%;height:100%;object-fit:cover}',
    '.hero__media .shell-img{object-position:center 30%}',
    `@media (max-width:${LAYOUT_BREAKPOINT_PX - 1}px){.shell-row .carousel__container{--peek:${PEEK_SLIDES}}}`,
  ];
  const limits = [...new Set(ROWS.map((r) => r.max).filter(Number.isFinite))];
  const range = (from: number, to: number) =>
    [from ? `(min-width:${from}px)` : '', Number.isFinite(to) ? `(max-width:${to}px)` : '']
      .filter(Boolean)
      .join(' and ');
  let lower = 0;
  for (const [max, count] of TOP_CAROUSEL_SLIDES) {
    // The whole cards and, below the breakpoint, the one that peeks.
    const body = [
      `.shell-row .carousel__container{--slides:${count}}`,
      `.shell-row .carousel__slide:nth-child(n+${count + 2}){display:none}`,
      ...limits
        .filter((limit) => limit < count)
        .map((limit) => `.shell-row--max${limit} .carousel__container{--slides:${limit}}`),
    ].join('');
    const query = range(lower ? lower + 1 : 0, max);
    rules.push(query ? `@media ${query}{${body}}` : body);
    // From the breakpoint up no card peeks.
    if (max >= LAYOUT_BREAKPOINT_PX) {
      const wide = range(Math.max(lower + 1, LAYOUT_BREAKPOINT_PX), max);
      rules.push(`@media ${wide}{.shell-row .carousel__slide:nth-child(n+${count + 1}){display:none}}`);
    }
    lower = max;
  }
  return rules.join('');
}
