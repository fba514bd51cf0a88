// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entryElement, findNext, moveFocus, navigationScope, rememberFocus, scrollIntoViewFor } from './navigator';
import { goBack, installSpatialNavigation, moveFocusFrom } from './controller';
import { arrowLeavesField } from './fields';

// happy-dom lays nothing out: each element's box comes from its data-box
// attribute ("left top width height"), as the browser would measure it.
function boxFromAttribute(el: Element): DOMRect {
  const spec = el.getAttribute('data-box');
  const [left, top, width, height] = spec ? spec.split(' ').map(Number) : [0, 0, 0, 0];
  return { left, top, width, height, right: left! + width!, bottom: top! + height!, x: left, y: top } as DOMRect;
}

beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return boxFromAttribute(this);
  });
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    const hidden = this.closest('[hidden]') || !this.closest('[data-box]');
    return (hidden ? [] : [boxFromAttribute(this)]) as unknown as DOMRectList;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** Two carousel rows of five cards (240 px wide, 16 px apart) under a header with two links. */
function homePage() {
  const card = (row: number, col: number) =>
    `<a href="/t/${row}-${col}" id="c${row}${col}" data-box="${96 + col * 256} ${300 + row * 440} 240 360">card</a>`;
  document.body.innerHTML = `
    <header data-box="0 0 1920 72">
      <a href="/" id="logo" data-box="96 16 120 40">Bosphorus</a>
      <a href="/signin" id="signin" data-box="1700 16 120 40">Sign in</a>
    </header>
    <main id="main" data-box="0 72 1920 2000">
      <section data-nav-row id="row0" data-box="96 300 1728 360">${[0, 1, 2, 3, 4].map((c) => card(0, c)).join('')}</section>
      <section data-nav-row id="row1" data-box="96 740 1728 360">${[0, 1, 2, 3, 4].map((c) => card(1, c)).join('')}</section>
    </main>`;
}

const el = (id: string) => document.getElementById(id)!;

describe('findNext over the page', () => {
  it('moves along a row and down to the same column', () => {
    homePage();
    expect(findNext(el('c00'), 'right')).toBe(el('c01'));
    expect(findNext(el('c02'), 'down')).toBe(el('c12'));
    expect(findNext(el('c12'), 'up')).toBe(el('c02'));
    expect(findNext(el('c00'), 'up')).toBe(el('logo'));
  });

  it('lands on the card a row remembers when moving back into it', () => {
    homePage();
    rememberFocus(el('c03'));
    // From the second row's first card, up goes to the first row's remembered fourth card.
    expect(findNext(el('c10'), 'up')).toBe(el('c03'));
    // Within a row the neighbour wins, memory or not.
    expect(findNext(el('c03'), 'left')).toBe(el('c02'));
  });

  it("goes to a form's next field before a nearer link of the side menu beside it, and leaves the form at its edge", () => {
    // The profile pages: a side menu on the left, the form on the right.
    document.body.innerHTML = `
      <main id="main" data-box="0 72 1920 1200">
        <nav data-box="96 190 420 850">
          <a href="/profile/history" id="history" data-box="109 470 394 54">History</a>
          <a href="/profile/subscription" id="subscription" data-box="109 611 394 54">Subscription</a>
          <a href="/profile/faq" id="faq" data-box="109 690 394 54">FAQs</a>
        </nav>
        <form data-box="556 250 520 600">
          <input id="name" data-box="556 514 520 58" />
          <input id="password" type="password" data-box="556 703 520 58" />
          <button id="save" data-box="556 790 230 50">Save changes</button>
        </form>
        <div data-nav-group data-box="1200 250 400 400">
          <button id="g1" data-box="1200 250 200 50">One</button>
          <button id="g2" data-box="1200 330 200 50">Two</button>
        </div>
      </main>`;
    expect(findNext(el('name'), 'down')).toBe(el('password'));
    expect(findNext(el('password'), 'up')).toBe(el('name'));
    expect(findNext(el('password'), 'down')).toBe(el('save'));
    // Past the form's edge the page counts: left to the menu; nothing below Save.
    expect(findNext(el('name'), 'left')).toBe(el('history'));
    expect(findNext(el('save'), 'down')).toBeNull();
    // A marked group works the same way; from outside, the page's geometry alone.
    expect(findNext(el('g1'), 'down')).toBe(el('g2'));
    expect(findNext(el('subscription'), 'right')).toBe(el('password'));
  });

  it('forgets a remembered card that is gone', () => {
    homePage();
    rememberFocus(el('c04'));
    el('c04').remove();
    expect(findNext(el('c11'), 'up')).toBe(el('c01'));
  });

  it('skips what is skipped, inert, hidden, disabled or out of the tab order', () => {
    document.body.innerHTML = `
      <div data-box="0 0 1920 1080">
        <button id="from" data-box="100 100 100 40">from</button>
        <div data-nav-skip><button id="dot" data-box="100 150 20 20">dot</button></div>
        <div inert><button id="inert" data-box="100 200 100 40">inert</button></div>
        <div hidden><button id="hidden" data-box="100 250 100 40">hidden</button></div>
        <button id="disabled" disabled data-box="100 300 100 40">disabled</button>
        <span tabindex="-1" id="untabbable" data-box="100 350 100 40">x</span>
        <button id="target" data-box="100 400 100 40">target</button>
      </div>`;
    expect(findNext(el('from'), 'down')).toBe(el('target'));
  });

  it('moves along a row among its own cards, and past its last card to what lies beyond it', () => {
    homePage();
    document
      .getElementById('row0')!
      .insertAdjacentHTML('afterend', '<a href="/all" id="see-all" data-box="1500 400 200 60">See all</a>');
    // Only the row's cards are weighed along it: its next card, not the link beside the row.
    expect(findNext(el('c03'), 'right')).toBe(el('c04'));
    // At the row's end nothing in the row qualifies: the page beyond it does.
    expect(findNext(el('c04'), 'right')).toBe(el('see-all'));
  });

  it('still reaches a far-off target when nothing near qualifies', () => {
    document.body.innerHTML = `
      <main id="main" data-box="0 0 1920 6000">
        <button id="top" data-box="100 100 200 56">Top</button>
        <section data-nav-row id="row" data-box="100 300 1700 360">
          <a href="/a" id="hidden-card" hidden data-box="100 300 240 360">a</a>
          <a href="/b" id="skipped-card" data-nav-skip data-box="356 300 240 360">b</a>
          <button id="disabled-card" disabled data-box="612 300 240 360">c</button>
        </section>
        <button id="far" data-box="900 5600 300 56">Load more</button>
      </main>`;
    expect(findNext(el('top'), 'down')).toBe(el('far'));
    expect(findNext(el('far'), 'up')).toBe(el('top'));
  });

  it('checks the style of a few targets per press, not of every target on the page', () => {
    homePage();
    const main = el('main');
    for (let r = 2; r < 12; r++) {
      main.insertAdjacentHTML(
        'beforeend',
        `<section data-nav-row data-box="96 ${300 + r * 440} 1728 360">${[0, 1, 2, 3, 4, 5, 6, 7]
          .map((c) => `<a href="/t/${r}-${c}" data-box="${96 + c * 256} ${300 + r * 440} 240 360">card</a>`)
          .join('')}</section>`,
      );
    }
    const styles = vi.spyOn(window, 'getComputedStyle');
    expect(findNext(el('c01'), 'down')).toBe(el('c11'));
    expect(findNext(el('c11'), 'right')).toBe(el('c12'));
    // 80 cards and two links on the page: a press looks closely at one or two.
    expect(styles.mock.calls.length).toBeLessThanOrEqual(4);
  });

  it('keeps focus inside an open modal dialog', () => {
    document.body.innerHTML = `
      <div data-box="0 0 1920 1080">
        <button id="behind-above" data-box="800 100 200 40">behind</button>
        <button id="behind-below" data-box="800 900 200 40">behind</button>
        <div role="dialog" aria-modal="true" data-box="600 300 700 400">
          <button id="close" data-box="1200 320 40 40">Close</button>
          <input id="box1" data-box="700 450 60 80" />
          <input id="box2" data-box="780 450 60 80" />
          <button id="verify" data-box="700 600 500 56">Verify</button>
        </div>
      </div>`;
    expect(findNext(el('box1'), 'right')).toBe(el('box2'));
    expect(findNext(el('box1'), 'down')).toBe(el('verify'));
    expect(findNext(el('verify'), 'down')).toBeNull();
    expect(findNext(el('box2'), 'up')).toBe(el('close'));
  });

  it('treats the player frame as a target and moves out of it in a direction', () => {
    document.body.innerHTML = `
      <main id="main" data-box="0 0 1920 1080">
        <iframe id="player" title="Video player" data-box="410 100 1100 600"></iframe>
        <button id="episode" data-box="410 760 300 80">Episode 2</button>
      </main>`;
    expect(findNext(el('episode'), 'up')).toBe(el('player'));
    const uninstall = installSpatialNavigation({ tv: true, navigateHome: () => {} });
    try {
      expect(moveFocusFrom(el('player'), 'down')).toBe(el('episode'));
      expect(document.activeElement).toBe(el('episode'));
      expect(moveFocusFrom(el('player'), 'up')).toBeNull();
    } finally {
      uninstall();
    }
  });
});

describe('an open dropdown holds the focus (issue 26)', () => {
  /** A filter's trigger over a grid of cards, its panel of options in two columns laid over the cards. */
  function filterOverGrid(open: boolean) {
    document.body.innerHTML = `
      <main id="main" data-box="0 0 1920 2000">
        <div class="filter-dropdown" id="root" data-box="96 100 200 60">
          <button id="trigger" data-nav-closable aria-expanded="${open}" aria-controls="panel" data-box="96 100 200 60">Genre</button>
          <div id="panel" ${open ? '' : 'hidden'} data-box="96 168 480 300">
            <input type="checkbox" id="o0" data-box="110 180 28 28"><input type="checkbox" id="o1" data-box="350 180 28 28">
            <input type="checkbox" id="o2" data-box="110 250 28 28"><input type="checkbox" id="o3" data-box="350 250 28 28">
          </div>
        </div>
        <a href="/a" id="card0" data-box="96 215 240 360">card</a>
        <a href="/b" id="card1" data-box="352 215 240 360">card</a>
      </main>`;
  }

  it('reaches every option and never a card behind the panel while it is open', () => {
    filterOverGrid(true);
    el('o0').focus();
    expect(navigationScope(document)).toBe(el('root'));
    expect(findNext(el('o0'), 'down')).toBe(el('o2'));
    expect(findNext(el('o2'), 'right')).toBe(el('o3'));
    expect(findNext(el('o3'), 'down')).toBeNull();
    expect(findNext(el('o0'), 'up')).toBe(el('trigger'));
    el('trigger').focus();
    expect(findNext(el('trigger'), 'down')).toBe(el('o0'));
  });

  it('is the whole page again once the panel is closed', () => {
    filterOverGrid(false);
    el('trigger').focus();
    expect(navigationScope(document)).toBe(document);
    expect(findNext(el('trigger'), 'down')).toBe(el('card0'));
  });
});

describe("a failed load's Try again (issue 26)", () => {
  it('is the entry over every other marked entry while it shows', () => {
    document.body.innerHTML = `
      <main id="main" data-box="0 0 1920 2000">
        <input type="search" id="search" data-nav-entry data-box="100 200 600 60">
        <button id="retry" data-nav-entry="retry" data-box="100 400 200 60">Try again</button>
      </main>`;
    expect(entryElement(document)).toBe(el('retry'));
    el('retry').remove();
    expect(entryElement(document)).toBe(el('search'));
  });
});

describe('a visually hidden radio (the review stars, issue 26)', () => {
  it('is where its label is drawn: the arrows move along the stars and leave them up and down', () => {
    // Every hidden radio's own 1×1 box at the row's start, as the browser may put them.
    const star = (n: number) =>
      `<label data-box="${100 + n * 44} 500 40 40"><input type="radio" name="r" id="s${n}" data-box="100 500 1 1"></label>`;
    document.body.innerHTML = `
      <main id="main" data-box="0 0 1920 2000">
        <button id="above" data-box="100 400 200 48">Above</button>
        <div data-nav-row data-box="100 500 440 40">${[0, 1, 2, 3].map(star).join('')}</div>
        <textarea id="below" data-box="100 600 600 120"></textarea>
      </main>`;
    expect(findNext(el('s1'), 'right')).toBe(el('s2'));
    expect(findNext(el('s2'), 'left')).toBe(el('s1'));
    expect(findNext(el('s2'), 'down')).toBe(el('below'));
    expect(findNext(el('s2'), 'up')).toBe(el('above'));
  });
});

describe('scrolling the focused element into view', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'pageYOffset', { value: 0, configurable: true });
  });
  it('moves a page opening on a low entry only as far as the entry needs (TV, issue 26)', () => {
    document.body.innerHTML = `<main id="main" data-box="0 0 1920 3000"><button id="low" data-box="100 1400 300 60">Run again</button></main>`;
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(1080);
    scrollIntoViewFor(el('low'), { tv: true, entry: true });
    // Its foot at 90% of the screen: 1460 - 972.
    expect(scrollTo).toHaveBeenCalledWith(0, 488);
    scrollTo.mockClear();
    scrollIntoViewFor(el('low'), { tv: true });
    // Moved by the arrows: at a third of the screen, 1400 - 360.
    expect(scrollTo).toHaveBeenCalledWith(0, 1040);
    // An entry as tall as the screen (the full-screen player, at its top) moves nothing.
    scrollTo.mockClear();
    document.body.innerHTML = `<main id="main" data-box="0 0 1920 3000"><iframe id="player" data-box="0 0 1920 1080"></iframe></main>`;
    scrollIntoViewFor(el('player'), { tv: true, entry: true });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('puts the focused row in the upper third on a TV', () => {
    homePage();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    Object.defineProperty(window, 'innerHeight', { value: 1080, configurable: true });
    scrollIntoViewFor(el('c12'), { tv: true });
    // The second row's top (740) settles at 20% of 1080 = 216.
    expect(scrollTo).toHaveBeenCalledWith(0, 740 - 216);
  });

  it('brings the page back to its top for what is seen there (the header, the hero) on a TV', () => {
    homePage();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    Object.defineProperty(window, 'innerHeight', { value: 1080, configurable: true });
    Object.defineProperty(window, 'pageYOffset', { value: 700, configurable: true });
    // The logo's box is where it is drawn with the page scrolled by 700.
    el('logo').setAttribute('data-box', '96 -684 120 40');
    scrollIntoViewFor(el('logo'), { tv: true });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('moves the page only as far as needed on desktop', () => {
    homePage();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    Object.defineProperty(window, 'innerHeight', { value: 900, configurable: true });
    scrollIntoViewFor(el('c02'), { tv: false });
    expect(scrollTo).not.toHaveBeenCalled();
    scrollIntoViewFor(el('c12'), { tv: false });
    expect(scrollTo).toHaveBeenCalledWith(0, 740 + 360 - 900 + 24);
  });
});

describe('the keys', () => {
  const press = (key: string, keyCode?: number) => {
    const event = new KeyboardEvent('keydown', { key, keyCode, bubbles: true, cancelable: true });
    (document.activeElement ?? document.body).dispatchEvent(event);
    return event;
  };

  it('moves focus with the arrows and starts from the entry on a TV', () => {
    homePage();
    el('c01').setAttribute('data-nav-entry', '');
    const uninstall = installSpatialNavigation({ tv: true, navigateHome: () => {} });
    try {
      vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
      (document.activeElement as HTMLElement | null)?.blur();
      expect(press('ArrowDown').defaultPrevented).toBe(true);
      expect(document.activeElement).toBe(el('c01'));
      press('ArrowRight');
      press('ArrowDown');
      expect(document.activeElement).toBe(el('c12'));
      press('ArrowUp');
      expect(document.activeElement).toBe(el('c02'));
    } finally {
      uninstall();
    }
  });

  it('moves the focus to the nearest target when the focused button is disabled (TV, issue 26)', async () => {
    // The code dialog: six boxes, Close above them, Resend Code below.
    document.body.innerHTML = `
      <div role="dialog" aria-modal="true" data-box="600 300 700 500">
        <button id="close" data-box="1240 320 40 40">Close</button>
        ${[0, 1, 2, 3, 4, 5].map((i) => `<input id="d${i}" data-box="${640 + i * 80} 420 64 64" />`).join('')}
        <button id="resend" data-box="640 600 200 48">Resend Code</button>
        <button id="verify" disabled data-box="860 600 200 48">Verify Email</button>
      </div>`;
    const uninstall = installSpatialNavigation({ tv: true, navigateHome: () => {} });
    try {
      vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
      el('resend').focus();
      (el('resend') as HTMLButtonElement).disabled = true;
      el('resend').blur(); // as the browser drops a disabled element's focus, without a focusout of its own
      await new Promise((resolve) => setTimeout(resolve, 0));
      // The box right above it (not Close, not the disabled Verify Email beside it).
      expect(document.activeElement).toBe(el('d1'));
    } finally {
      uninstall();
    }
  });

  it('keeps the focus where it is when a button it is not on is disabled', async () => {
    homePage();
    document.body.insertAdjacentHTML('beforeend', '<button id="other" data-box="96 1500 200 48">Other</button>');
    const uninstall = installSpatialNavigation({ tv: true, navigateHome: () => {} });
    try {
      vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
      el('c01').focus();
      (el('other') as HTMLButtonElement).disabled = true;
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(document.activeElement).toBe(el('c01'));
    } finally {
      uninstall();
    }
  });

  it('leaves an unfocused desktop page to the browser (the arrows scroll it)', () => {
    homePage();
    const uninstall = installSpatialNavigation({ tv: false, navigateHome: () => {} });
    try {
      (document.activeElement as HTMLElement | null)?.blur();
      expect(press('ArrowDown').defaultPrevented).toBe(false);
      el('c00').focus();
      expect(press('ArrowRight').defaultPrevented).toBe(true);
      expect(document.activeElement).toBe(el('c01'));
    } finally {
      uninstall();
    }
  });

  it('turns a remote Back key into the Escape that closes an open dialog, without going back a page', () => {
    document.body.innerHTML = `
      <div role="dialog" aria-modal="true" data-box="600 300 700 400">
        <button id="close" data-box="1200 320 40 40">Close</button>
      </div>`;
    const escapes = vi.fn();
    el('close').addEventListener('keydown', (e) => e.key === 'Escape' && escapes());
    const home = vi.fn();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const uninstall = installSpatialNavigation({ tv: true, navigateHome: home });
    try {
      el('close').focus();
      expect(press('XF86Back', 10009).defaultPrevented).toBe(true);
      expect(press('Unidentified', 461).defaultPrevented).toBe(true);
      expect(escapes).toHaveBeenCalledTimes(2);
      expect(back).not.toHaveBeenCalled();
      expect(home).not.toHaveBeenCalled();
    } finally {
      uninstall();
    }
  });

  it('goes back a page, or home from a first page, and never leaves the site from home', () => {
    homePage();
    const home = vi.fn();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const uninstall = installSpatialNavigation({ tv: true, navigateHome: home });
    try {
      el('c00').focus();
      window.history.replaceState({ idx: 2 }, '', '/allseries');
      press('Escape');
      expect(back).toHaveBeenCalledTimes(1);
      window.history.replaceState({ idx: 0 }, '', '/allseries');
      press('Backspace');
      expect(home).toHaveBeenCalledTimes(1);
      window.history.replaceState({ idx: 0 }, '', '/');
      press('Unidentified', 10009);
      goBack();
      expect(back).toHaveBeenCalledTimes(1);
      expect(home).toHaveBeenCalledTimes(1);
    } finally {
      uninstall();
    }
  });

  it('leaves Backspace to a text field', () => {
    document.body.innerHTML = `<main data-box="0 0 1920 1080"><input id="q" data-box="100 100 400 56" value="abc" /></main>`;
    const home = vi.fn();
    const uninstall = installSpatialNavigation({ tv: true, navigateHome: home });
    try {
      window.history.replaceState({ idx: 0 }, '', '/allseries');
      el('q').focus();
      expect(press('Backspace').defaultPrevented).toBe(false);
      expect(home).not.toHaveBeenCalled();
    } finally {
      uninstall();
    }
  });

  it('Enter ticks a focused checkbox (a remote has no Space)', () => {
    document.body.innerHTML = `<main data-box="0 0 1920 1080"><input type="checkbox" id="drama" data-box="100 100 40 40" /></main>`;
    const uninstall = installSpatialNavigation({ tv: true, navigateHome: () => {} });
    try {
      el('drama').focus();
      press('Enter');
      expect((el('drama') as HTMLInputElement).checked).toBe(true);
    } finally {
      uninstall();
    }
  });
});

describe('arrows in a text field', () => {
  function field(value: string, caretAt: number, tag: 'input' | 'textarea' = 'input') {
    const input = document.createElement(tag);
    input.value = value;
    document.body.append(input);
    input.setSelectionRange(caretAt, caretAt);
    return input;
  }

  it('move the caret until it is at the edge, then leave (TV)', () => {
    expect(arrowLeavesField(field('abc', 1), 'left', true)).toBe(false);
    expect(arrowLeavesField(field('abc', 0), 'left', true)).toBe(true);
    expect(arrowLeavesField(field('abc', 2), 'right', true)).toBe(false);
    expect(arrowLeavesField(field('abc', 3), 'right', true)).toBe(true);
    expect(arrowLeavesField(field('abc', 1), 'down', true)).toBe(true);
  });

  it('never leave sideways on desktop, where Tab does', () => {
    expect(arrowLeavesField(field('abc', 3), 'right', false)).toBe(false);
    expect(arrowLeavesField(field('', 0), 'left', false)).toBe(false);
    expect(arrowLeavesField(field('abc', 1), 'up', false)).toBe(true);
  });

  it('leave a textarea up only from its start and down only from its end', () => {
    expect(arrowLeavesField(field('one\ntwo', 4, 'textarea'), 'up', true)).toBe(false);
    expect(arrowLeavesField(field('one\ntwo', 0, 'textarea'), 'up', true)).toBe(true);
    expect(arrowLeavesField(field('one\ntwo', 7, 'textarea'), 'down', true)).toBe(true);
  });
});

describe('moveFocus', () => {
  it('returns null and keeps focus at an edge', () => {
    homePage();
    el('c10').focus();
    expect(moveFocus(el('c10'), 'down', { tv: false })).toBeNull();
    expect(document.activeElement).toBe(el('c10'));
  });
});
