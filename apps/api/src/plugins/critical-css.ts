// The stylesheet rules a rendered page can use on its first paint (decision
// 0109): every rule of the page's stylesheets whose selector could match the
// page's HTML, judged by the classes it names. Written into the page, so its
// first paint waits for no stylesheet; the whole stylesheets follow at the
// end of the body, before the app's modules (which wait for them), so
// whatever the app draws after hydration is styled.

/** A rule of a stylesheet, parsed once: kept by the classes a page has. */
type SheetRule =
  /** A style rule: kept when one of its selectors' class sets is all on the page. */
  | { kind: 'style'; text: string; needs: string[][] }
  /** A grouping at-rule (@media, @supports, @layer, @container): kept with the rules of it that are. */
  | { kind: 'group'; prelude: string; rules: SheetRule[] }
  /** @keyframes: kept when a kept rule names it. */
  | { kind: 'keyframes'; name: string; text: string }
  /** Anything else (@font-face, @property, @charset, @layer statements): always kept. */
  | { kind: 'other'; text: string };

export interface ParsedSheet {
  rules: SheetRule[];
}

const GROUPS = /^@(?:media|supports|layer|container|document)\b/i;

/**
 * The top-level blocks of `css` (without comments): each with its prelude
 * and its body (null for a statement such as `@charset "x";`), quoted
 * strings skipped.
 */
function blocks(css: string): { prelude: string; body: string | null; text: string }[] {
  const out: { prelude: string; body: string | null; text: string }[] = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === '\\') i++;
    } else if (c === '{') {
      if (depth++ === 0) open = i;
    } else if (c === '}') {
      if (depth === 0) continue;
      if (--depth === 0) {
        out.push({
          prelude: css.slice(start, open).trim(),
          body: css.slice(open + 1, i),
          text: css.slice(start, i + 1).trim(),
        });
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      const text = css.slice(start, i + 1).trim();
      if (text !== ';') out.push({ prelude: text, body: null, text });
      start = i + 1;
    }
  }
  return out;
}

/** The comma-separated parts of a selector list, commas inside parentheses or brackets kept. */
function selectorsOf(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

/**
 * The classes an element must have for `selector` to match anything: those
 * it names outside functional pseudo-classes (`.a:not(.b)` needs only `a`;
 * an argument of :is() or :where() may be one of several, so nothing in
 * parentheses is required), and outside attribute selectors.
 */
export function requiredClasses(selector: string): string[] {
  let plain = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (depth === 0) plain += c;
  }
  return [...new Set([...plain.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!))];
}

function parseRules(css: string): SheetRule[] {
  return blocks(css).map((block): SheetRule => {
    if (block.body === null) return { kind: 'other', text: block.text };
    if (block.prelude.startsWith('@')) {
      if (GROUPS.test(block.prelude)) return { kind: 'group', prelude: block.prelude, rules: parseRules(block.body) };
      const keyframes = /^@(?:-webkit-)?keyframes\s+([^\s{]+)/i.exec(block.prelude);
      if (keyframes) return { kind: 'keyframes', name: keyframes[1]!, text: block.text };
      return { kind: 'other', text: block.text };
    }
    return { kind: 'style', text: block.text, needs: selectorsOf(block.prelude).map(requiredClasses) };
  });
}

/** `css` without its comments (quoted strings kept as they are). */
function withoutComments(css: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === '\\') i++;
    } else if (c === '/' && css[i + 1] === '*') {
      out += css.slice(from, i);
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
      from = i + 1;
    }
  }
  return out + css.slice(from);
}

/** A stylesheet parsed for `criticalCss`: once per file, when a page first names it. */
export function parseSheet(css: string): ParsedSheet {
  return { rules: parseRules(withoutComments(css)) };
}

/** The classes named in `html`'s class attributes. */
export function classesIn(html: string, into = new Set<string>()): Set<string> {
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) into.add(name.replace(/&amp;/g, '&'));
  }
  return into;
}

/** The rules of `sheets`, in order, that can style an element with classes of `present`. */
export function criticalCss(sheets: ParsedSheet[], present: ReadonlySet<string>, sent?: ReadonlySet<string>): string {
  const animations: { name: string; text: string }[] = [];
  const keeps = (rule: { needs: string[][] }, classes: ReadonlySet<string>) =>
    rule.needs.some((needed) => needed.every((c) => classes.has(c)));
  const select = (rules: SheetRule[], top: boolean): string => {
    let out = '';
    for (const rule of rules) {
      if (rule.kind === 'style') {
        if (keeps(rule, present) && !(sent && keeps(rule, sent))) out += rule.text;
      } else if (rule.kind === 'group') {
        const inner = select(rule.rules, false);
        if (inner) out += `${rule.prelude}{${inner}}`;
      } else if (rule.kind === 'keyframes' && top) animations.push(rule);
      else if (!sent) out += rule.text;
    }
    return out;
  };
  const kept = sheets.map((sheet) => select(sheet.rules, true)).join('');
  // An animation only if a kept rule names it: the others come with the whole sheets.
  return (
    kept +
    animations
      .filter((a) => namesAnimation(kept, a.name))
      .map((a) => a.text)
      .join('')
  );
}

/** Whether `css` names the animation `name` in an animation or animation-name declaration. */
function namesAnimation(css: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`animation(?:-name)?\\s*:[^;}]*(?<![\\w-])${escaped}(?![\\w-])`).test(css);
}
