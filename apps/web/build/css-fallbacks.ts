import type { AtRule, Declaration, Plugin, Rule } from 'postcss';

// CSS fallbacks for old TV engines (Chromium 63+, issue 14, decision 0047),
// written at build time so the stylesheets stay as they are. Each one is
// inert on current browsers:
//
// - min() / max() / clamp() (Chromium 79): a declaration using them gets a
//   plain one before it (current browsers take the later one); a custom
//   property, which would accept both, gets its plain value in an
//   `@supports not (width: min(1px, 2px))` block. The plain value is the one
//   a TV's full-HD screen gets, by our stylesheets' conventions: min(cap,
//   fluid) → the cap (first), max(floor, fluid) → the fluid value (last),
//   clamp(low, fluid, high) → the high bound. Where the convention is wrong
//   for a TV, a plain declaration of the same property right before it is
//   the fallback (for a custom property too, in that block). Grid template
//   and gap longhands get theirs in that block as well: the minifier merges
//   them into a shorthand and drops a declaration before them.
// - padding-inline / margin-inline (Chromium 87) holding a var(), which
//   lightningcss cannot lower: the left and right declarations before them.
// - flex `gap` (Chromium 84): the container's children get the same space as
//   a margin, in `@supports not (color: revert)` (the `revert` keyword also
//   arrived in 84): on the main axis of one-line containers; in wrapping
//   rows, a right margin between neighbours and a bottom margin under each
//   line (decision 0055), which the container's own bottom margin gives back
//   (issue 26), so what follows it stays where current browsers put it.

const MATH_CALL = /(?<![\w-])(min|max|clamp)\(/gi;

/** The top-level comma-separated arguments of the call whose `(` is at `open`, and the index after its `)`. */
function callArguments(value: string, open: number): { args: string[]; end: number } {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < value.length; i++) {
    const ch = value[i];
    if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth === 0) {
        args.push(value.slice(start, i).trim());
        return { args, end: i + 1 };
      }
    } else if (ch === ',' && depth === 1) {
      args.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  throw new Error(`unbalanced parentheses in '${value}'`);
}

/** The value with every min()/max()/clamp() replaced by the argument a full-HD screen gets. */
export function staticFallback(value: string): string {
  let out = value;
  for (;;) {
    // The last call to start has no other call inside it.
    const calls = [...out.matchAll(MATH_CALL)];
    const last = calls.at(-1);
    if (!last) return out;
    const name = last[1]!.toLowerCase();
    const open = last.index + last[0].length - 1;
    const { args, end } = callArguments(out, open);
    const pick = name === 'min' ? args[0] : name === 'max' ? args.at(-1) : args[2];
    if (!pick) throw new Error(`cannot read ${name}() in '${value}'`);
    out = out.slice(0, last.index) + pick + out.slice(end);
  }
}

export const usesMathFunction = (value: string) => new RegExp(MATH_CALL.source, 'i').test(value);

const NO_MATH_FUNCTIONS = 'not (width: min(1px, 2px))';
/**
 * Longhands the minifier merges into a shorthand (`grid-template`, `gap`),
 * dropping a plain declaration before them as overridden: their fallback goes
 * into the block too (issue 26: the detail page's poster column on Chromium 64).
 */
const MERGED_BY_MINIFIER = /^(grid-template-(columns|rows|areas)|(grid-)?(column-|row-)?gap)$/;
const LOGICAL_INLINE = /^(padding|margin)-inline$/;

/**
 * The selector, made to outweigh the rule it stands in for wherever the
 * minifier moves it: an id no element has, in :not(), on its subject.
 */
export function weightier(selector: string): string {
  const pseudoElement = selector.search(/::?(before|after|placeholder|selection|marker|backdrop)\b/);
  return pseudoElement < 0
    ? `${selector}:not(#_)`
    : `${selector.slice(0, pseudoElement)}:not(#_)${selector.slice(pseudoElement)}`;
}

/** Splits a value at its top-level spaces. */
const words = (value: string) => value.trim().split(/\s+(?![^(]*\))/);
const NO_FLEX_GAP = 'not (color: revert)';
/** Engines without the unprefixed `gap` property at all (Chromium < 66). */
const NO_GAP = 'not (gap: 1px)';

function lastValue(rule: Rule, prop: string): string | undefined {
  let found: string | undefined;
  rule.each((node) => {
    if (node.type === 'decl' && node.prop === prop) found = node.value.trim();
  });
  return found;
}

interface ChildMargins {
  /** Appended to each of the container's selectors: which children get the margins. */
  children: string;
  margins: { prop: string; value: string }[];
}

/**
 * A flex container's gap as its children's margins, if the rule sets one.
 * One line: the space before every child but the first, on the main axis.
 * A wrapping row: a right margin on every child but the last (the gap
 * between neighbours on a line) and a bottom margin on each (the gap
 * between lines; the last line keeps it too, below the container).
 */
export function flexGapMargins(rule: Rule): ChildMargins[] | null {
  const display = lastValue(rule, 'display');
  if (display !== 'flex' && display !== 'inline-flex') return null;
  const flow = `${lastValue(rule, 'flex-direction') ?? ''} ${lastValue(rule, 'flex-wrap') ?? ''} ${lastValue(rule, 'flex-flow') ?? ''}`;
  if (/reverse/.test(flow)) return null;
  const column = /\bcolumn\b/.test(flow);
  const gap = words(lastValue(rule, 'gap') ?? '');
  const rowGap = lastValue(rule, 'row-gap') ?? gap?.[0];
  const columnGap = lastValue(rule, 'column-gap') ?? gap?.[1] ?? gap?.[0];
  const real = (value: string | undefined): value is string => !!value && value !== '0' && value !== 'normal';
  if (/\bwrap\b/.test(flow)) {
    if (column) return null;
    const out: ChildMargins[] = [];
    if (real(columnGap))
      out.push({ children: ' > :not(:last-child)', margins: [{ prop: 'margin-right', value: columnGap }] });
    if (real(rowGap)) {
      out.push({ children: ' > *', margins: [{ prop: 'margin-bottom', value: rowGap }] });
      // The last line's margin would push what follows down (issue 26: the
      // list's grid, the detail page's title): the container gives it back.
      const own = lastValue(rule, 'margin-bottom');
      const base = own && /^-?[\d.]+[a-z%]*$/i.test(own) ? own : '0px';
      out.push({ children: '', margins: [{ prop: 'margin-bottom', value: `calc(${base} - ${rowGap})` }] });
    }
    return out.length ? out : null;
  }
  const value = column ? rowGap : columnGap;
  if (!real(value)) return null;
  return [{ children: ' > * + *', margins: [{ prop: column ? 'margin-top' : 'margin-left', value }] }];
}

export function cssFallbacks(): Plugin {
  // PostCSS visits a changed part of the tree again: each node is handled once.
  const done = new WeakSet<object>();
  return {
    postcssPlugin: 'bosphorus-css-fallbacks',
    Declaration(decl: Declaration, { AtRule }) {
      if (done.has(decl)) return;
      done.add(decl);
      // `gap` in a grid before Chromium 66 is `grid-gap`. postcss-gap-properties
      // writes it beside the rule's `gap`, but the minifier drops it there as a
      // duplicate in some rules (the list grid's 1024 px one, issue 26): a copy
      // in a rule of its own, for engines without `gap`, survives.
      const gridGap = /^(column-|row-)?gap$/.exec(decl.prop);
      const inOwnBlock =
        decl.parent?.parent?.type === 'atrule' &&
        [NO_MATH_FUNCTIONS, NO_GAP].includes((decl.parent.parent as AtRule).params);
      const gapRule = gridGap && !inOwnBlock && decl.parent?.type === 'rule' ? (decl.parent as Rule) : null;
      const flex = gapRule && /^(inline-)?flex$/.test(lastValue(gapRule, 'display') ?? '');
      if (gapRule && !flex) {
        const value = usesMathFunction(decl.value) ? staticFallback(decl.value) : decl.value;
        const copy = decl.clone({ prop: `grid-${decl.prop}`, value });
        done.add(copy);
        const block: AtRule = new AtRule({ name: 'supports', params: NO_GAP });
        block.append(gapRule.clone({ selector: gapRule.selectors.map(weightier).join(', '), nodes: [] }).append(copy));
        gapRule.after(block);
      }
      const logical = LOGICAL_INLINE.exec(decl.prop);
      if (logical && decl.value.includes('var(')) {
        const [start, end = start] = words(decl.value);
        decl.cloneBefore({ prop: `${logical[1]}-left`, value: start });
        decl.cloneBefore({ prop: `${logical[1]}-right`, value: end });
      }
      if (!usesMathFunction(decl.value)) return;
      const parent = decl.parent;
      if (!parent || parent.type !== 'rule') return;
      const before = decl.prev();
      // A hand-written fallback stands right before it: the same property without a math function.
      const handWritten =
        before?.type === 'decl' && before.prop === decl.prop && !usesMathFunction(before.value) ? before : null;
      if (!decl.prop.startsWith('--') && !MERGED_BY_MINIFIER.test(decl.prop)) {
        if (!handWritten) decl.cloneBefore({ value: staticFallback(decl.value) });
        return;
      }
      // A custom property takes any value, the later one too, and a longhand
      // the minifier merges loses a fallback before it: the fallback
      // (hand-written, else by the convention) goes where math functions are unknown.
      const fallback = handWritten ? handWritten.value : staticFallback(decl.value);
      const rule = parent as Rule;
      const block: AtRule = new AtRule({ name: 'supports', params: NO_MATH_FUNCTIONS });
      const selector = rule.selectors.map(weightier).join(', ');
      // A gap's grid- twin comes from the rule above, for engines without `gap`.
      const copy = rule.clone({ selector, nodes: [] }).append(decl.clone({ value: fallback }));
      // The minifier's `grid-template` holds the rows and areas too: an engine
      // that drops it needs all three here, not the columns alone.
      if (decl.prop.startsWith('grid-template-')) {
        rule.each((node) => {
          if (node.type === 'decl' && node.prop.startsWith('grid-template-') && node.prop !== decl.prop)
            copy.append(node.clone({ value: staticFallback(node.value) }));
        });
      }
      block.append(copy);
      rule.after(block);
    },
    Rule(rule: Rule, { AtRule }) {
      if (done.has(rule)) return;
      done.add(rule);
      const fallbacks = flexGapMargins(rule);
      if (!fallbacks) return;
      const block: AtRule = new AtRule({ name: 'supports', params: NO_FLEX_GAP });
      for (const { children, margins } of fallbacks) {
        const selector = rule.selectors.map((s) => `${s}${children}`).join(', ');
        block.append(rule.clone({ selector, nodes: [] }).append(...margins));
      }
      rule.after(block);
    },
  };
}
cssFallbacks.postcss = true;
