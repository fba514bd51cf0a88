import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss, parseSheet, requiredClasses } from './critical-css.js';

// The stylesheet rules a page's first paint can use (decision 0109).

describe('requiredClasses', () => {
  it('names the classes an element needs for a selector, not those in parentheses or attribute selectors', () => {
    expect(requiredClasses('.card .title')).toEqual(['card', 'title']);
    expect(requiredClasses('.btn:not(.ghost):hover')).toEqual(['btn']);
    expect(requiredClasses(':is(.a,.b) .c')).toEqual(['c']);
    expect(requiredClasses('a[href$=".pdf"]')).toEqual([]);
    expect(requiredClasses('.row>.card.is-wide::after')).toEqual(['row', 'card', 'is-wide']);
    expect(requiredClasses('html')).toEqual([]);
  });
});

describe('classesIn', () => {
  it("reads every class of the HTML's class attributes", () => {
    expect([...classesIn('<main class="page  wide"><svg class="icon"></svg><p data-class="x">')]).toEqual([
      'page',
      'wide',
      'icon',
    ]);
  });
});

describe('criticalCss', () => {
  const sheet = parseSheet(
    [
      '@charset "utf-8";',
      ':root{--c:#fff}',
      'body{margin:0}',
      '.hero,.dialog{display:grid}',
      '.dialog{position:fixed}',
      '.menu .item{color:red}',
      '.hero:not(.compact){height:50vh}',
      '.quote::before{content:"}{"}',
      '/* a comment with { braces } */',
      '@media (min-width:800px){.hero{height:60vh}.dialog{inset:0}}',
      '@media print{.dialog{display:none}}',
      '@supports (display:grid){@media (min-width:1px){.hero{gap:1px}}}',
      '@font-face{font-family:X;src:url(x.woff2)}',
      '@keyframes spin{to{rotate:1turn}}',
      '@keyframes fade{to{opacity:0}}',
      '.spinner{animation:spin 1s linear infinite}',
      '.toast{animation-name:fade}',
    ].join(''),
  );

  it("keeps the rules whose selectors the page's classes can match, in order, inside their media queries", () => {
    expect(criticalCss([sheet], new Set(['hero']))).toBe(
      '@charset "utf-8";:root{--c:#fff}body{margin:0}.hero,.dialog{display:grid}.hero:not(.compact){height:50vh}' +
        '@media (min-width:800px){.hero{height:60vh}}@supports (display:grid){@media (min-width:1px){.hero{gap:1px}}}' +
        '@font-face{font-family:X;src:url(x.woff2)}',
    );
  });

  it('keeps a rule only when every class of one of its selectors is there, and skips quoted braces', () => {
    const css = criticalCss([sheet], new Set(['menu', 'quote']));
    expect(css).not.toContain('.menu .item');
    expect(css).toContain('.quote::before{content:"}{"}');
    expect(criticalCss([sheet], new Set(['menu', 'item']))).toContain('.menu .item{color:red}');
  });

  it('keeps the animations the kept rules name, and no others', () => {
    const css = criticalCss([sheet], new Set(['spinner']));
    expect(css).toContain('.spinner{animation:spin 1s linear infinite}');
    expect(css).toContain('@keyframes spin{to{rotate:1turn}}');
    expect(css).not.toContain('@keyframes fade');
    expect(criticalCss([sheet], new Set(['toast']))).toContain('@keyframes fade{to{opacity:0}}');
  });

  it('joins several sheets in order', () => {
    const route = parseSheet('.faq{padding:0}.other{padding:1px}');
    expect(criticalCss([parseSheet('.hero{a:b}'), route], new Set(['hero', 'faq']))).toBe('.hero{a:b}.faq{padding:0}');
  });
});
