import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { cssFallbacks, staticFallback } from './css-fallbacks';

const run = async (css: string) =>
  (await postcss([cssFallbacks()]).process(css, { from: undefined })).css.replace(/\s+/g, ' ').trim();

describe('CSS fallbacks for old TV engines (issue 14)', () => {
  it('reads min(), max() and clamp() the way a full-HD screen resolves them, nested too', () => {
    expect(staticFallback('min(420px, calc(100vw - 32px))')).toBe('420px');
    expect(staticFallback('max(15px, 4.5vh)')).toBe('4.5vh');
    expect(staticFallback('clamp(2rem, 3.6vw, 3.5rem)')).toBe('3.5rem');
    expect(staticFallback('clamp(440px, min(56.25vw, 76vh), 1100px)')).toBe('1100px');
    expect(staticFallback('0 0 0 clamp(12px, 4vw, 40px)')).toBe('0 0 0 40px');
    expect(staticFallback('repeat(auto-fill, minmax(180px, 1fr))')).toBe('repeat(auto-fill, minmax(180px, 1fr))');
  });

  it('puts a plain declaration before one using a math function, and leaves hand-written ones alone', async () => {
    expect(await run('.a{width:min(420px, calc(100vw - 32px))}')).toBe(
      '.a{width:420px;width:min(420px, calc(100vw - 32px))}',
    );
    expect(await run('.a{width:400px;width:min(420px, 50vw)}')).toBe('.a{width:400px;width:min(420px, 50vw)}');
  });

  it('gives a custom property its plain value only where math functions are unknown', async () => {
    expect(await run(':root{--edge: max(var(--pad), calc(50% - 720px))}')).toBe(
      ':root{--edge: max(var(--pad), calc(50% - 720px))}@supports not (width: min(1px, 2px)){:root:not(#_){--edge: calc(50% - 720px)}}',
    );
    // A hand-written value right before it is the fallback instead of the convention's.
    expect(await run(':root{--edge: var(--pad);--edge: max(var(--pad), calc(50% - 720px))}')).toBe(
      ':root{--edge: var(--pad);--edge: max(var(--pad), calc(50% - 720px))}@supports not (width: min(1px, 2px)){:root:not(#_){--edge: var(--pad)}}',
    );
  });

  it('gives grid template and gap longhands their plain values in the block, where the minifier cannot merge them away (issue 26)', async () => {
    const css =
      ".a{grid-template-columns:clamp(200px, 18vw, 300px) 1fr;grid-template-areas:'p h' 'p d';column-gap:clamp(32px, 3vw, 56px)}";
    expect(await run(css)).toBe(
      `${css}@supports not (width: min(1px, 2px)){.a:not(#_){column-gap:56px}}` +
        '@supports not (gap: 1px){.a:not(#_){grid-column-gap:56px}}' +
        "@supports not (width: min(1px, 2px)){.a:not(#_){grid-template-columns:300px 1fr;grid-template-areas:'p h' 'p d'}}",
    );
  });

  it('writes left and right before padding-inline / margin-inline holding a var()', async () => {
    expect(await run('.a{padding-inline:var(--pad)}')).toBe(
      '.a{padding-left:var(--pad);padding-right:var(--pad);padding-inline:var(--pad)}',
    );
    expect(await run('.a{margin-inline:var(--x) 0}')).toBe(
      '.a{margin-left:var(--x);margin-right:0;margin-inline:var(--x) 0}',
    );
    expect(await run('.a{padding-inline:8px}')).toBe('.a{padding-inline:8px}');
  });

  it("turns a one-line flex container's gap into its children's margins where flex gap is unknown", async () => {
    expect(await run('.row, .bar{display:flex;gap:12px 24px}')).toBe(
      '.row, .bar{display:flex;gap:12px 24px}@supports not (color: revert){.row > * + *, .bar > * + *{margin-left:24px}}',
    );
    expect(await run('.col{display:flex;flex-direction:column;gap:8px}')).toBe(
      '.col{display:flex;flex-direction:column;gap:8px}@supports not (color: revert){.col > * + *{margin-top:8px}}',
    );
    // A grid's gap gets its grid-gap twin in a rule of its own (issue 26), no margins.
    expect(await run('.g{display:grid;gap:8px}')).toBe(
      '.g{display:grid;gap:8px}@supports not (gap: 1px){.g:not(#_){grid-gap:8px}}',
    );
  });

  it("turns a wrapping row's gap into margins between neighbours and under each line", async () => {
    expect(await run('.w{display:flex;flex-wrap:wrap;gap:8px}')).toBe(
      '.w{display:flex;flex-wrap:wrap;gap:8px}@supports not (color: revert){.w > :not(:last-child){margin-right:8px}.w > *{margin-bottom:8px}.w{margin-bottom:calc(0px - 8px)}}',
    );
    // The container's own bottom margin, less the last line's.
    expect(await run('.w{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:32px}')).toBe(
      '.w{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:32px}@supports not (color: revert){.w > :not(:last-child){margin-right:12px}.w > *{margin-bottom:12px}.w{margin-bottom:calc(32px - 12px)}}',
    );
    expect(await run('.w{display:flex;flex-flow:row wrap;column-gap:12px}')).toBe(
      '.w{display:flex;flex-flow:row wrap;column-gap:12px}@supports not (color: revert){.w > :not(:last-child){margin-right:12px}}',
    );
    // Wrapping columns and reversed rows are left alone.
    expect(await run('.c{display:flex;flex-flow:column wrap;gap:8px}')).toBe(
      '.c{display:flex;flex-flow:column wrap;gap:8px}',
    );
    expect(await run('.r{display:flex;flex-direction:row-reverse;gap:8px}')).toBe(
      '.r{display:flex;flex-direction:row-reverse;gap:8px}',
    );
  });
});
