import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import legacy, { cspHashes } from '@vitejs/plugin-legacy';
import postcssFocusVisible from 'postcss-focus-visible';
import postcssGapProperties from 'postcss-gap-properties';
import type { Plugin } from 'vite';
import { cssFallbacks } from './css-fallbacks.js';

// Two bundles, chosen by the browser itself (issue 14, decision 0046):
//
// - Current browsers run today's modern bundle (ES2020, no polyfills); the
//   home-route budget (bench/bundle-size.ts) measures it and only it.
// - Old TV engines (Chromium 63 to 79: Samsung 2019, LG 2020, …) run a
//   legacy bundle from @vitejs/plugin-legacy: syntax lowered by Babel for
//   LEGACY_TARGETS, the core-js polyfills those targets need for what the
//   code uses, and SystemJS to load its chunks.
//
// How the browser chooses. Chromium 61+ runs module scripts, so module /
// nomodule alone would hand Chromium 63–79 the modern bundle, which they
// cannot parse (optional chaining and `??` arrived in Chromium 80). The
// plugin's own check (import.meta.resolve, Chromium 105) sits in inline
// scripts and in an `import 'data:…'` our CSP (script-src 'self') refuses.
// So, instead:
//   1. every modern entry chunk starts with ES2020 syntax that sets
//      MODERN_FLAG: an engine without ES2020 fails to parse the entry and
//      runs none of the modern graph;
//   2. a small loader file (a module script after the entry: module scripts
//      run in document order) loads the legacy polyfills and entry when the
//      flag is missing.
// No inline script is left in a page except the plugin's `nomodule` ones,
// which module-capable browsers skip before any CSP check (the build fails
// if any other inline script appears).

/** The modern bundle's syntax level: unchanged by the legacy build. */
export const MODERN_TARGET = 'es2020';
/** Browserslist query of the old engines the legacy bundle is lowered and polyfilled for. */
export const LEGACY_TARGETS = ['chrome >= 63'];
/** CSS is one file for both bundles: lightningcss writes fallbacks down to the oldest engine. */
export const CSS_TARGET = 'chrome63';

const require = createRequire(import.meta.url);

/** Polyfills the usage-based detection cannot add, each explained in its file. */
export const LEGACY_EXTRA_POLYFILLS = [
  // AbortController and an abortable fetch below Chromium 66 (npm package).
  require.resolve('abortcontroller-polyfill/dist/polyfill-patch-fetch'),
  // :focus-visible (Chromium 86): marks keyboard focus with the class
  // .focus-visible, which postcss-focus-visible's copies of our rules use.
  require.resolve('focus-visible'),
  ...['abort-signal.js', 'bigint.js', 'toggle-attribute.js'].map((file) =>
    fileURLToPath(new URL(`./legacy-polyfills/${file}`, import.meta.url)),
  ),
];

/** Set by the modern entry chunks when they run (the plugin's name, read by its tags' ids below). */
const MODERN_FLAG = '__vite_is_modern_browser';
/** The ids plugin-legacy gives its polyfills script and its legacy entry script. */
const LEGACY_POLYFILL_ID = 'vite-legacy-polyfill';
const LEGACY_ENTRY_ID = 'vite-legacy-entry';

/**
 * ES2020 syntax (optional chaining, `??`) the minifier cannot fold away:
 * `window` is a free global.
 */
export const MODERN_ENTRY_PREFIX = `window.${MODERN_FLAG}=window?.document??!0;`;

/** ES5, runs on any module-capable engine. */
export const LEGACY_LOADER = `(function () {
  if (window.${MODERN_FLAG}) return;
  var polyfills = document.getElementById('${LEGACY_POLYFILL_ID}');
  var entry = document.getElementById('${LEGACY_ENTRY_ID}');
  if (!polyfills || !entry) return;
  var script = document.createElement('script');
  script.src = polyfills.src;
  script.onload = function () {
    System.import(entry.getAttribute('data-src'));
  };
  document.body.appendChild(script);
})();
`;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64');

/**
 * plugin-legacy prepends to each modern entry chunk
 * `import'data:text/javascript,…';export function __vite_legacy_guard(){…};`.
 */
const PLUGIN_GUARD =
  /^import\s*'data:text\/javascript,[^']*';export function __vite_legacy_guard\(\)\{import\.meta\.url;import\("_"\)\.catch\(\(\)=>1\);\(async function\*\(\)\{\}\)\(\)\.next\(\)\};/;

/**
 * Vite's CSS for a legacy chunk: a <style> element the chunk writes, which
 * our CSP (style-src 'self') refuses. Replaced by a <link> to the same CSS
 * as a file.
 */
const LEGACY_STYLE_INJECTION =
  /var __vite_style__ = document\.createElement\('style'\);__vite_style__\.textContent = ("(?:[^"\\]|\\.)*");document\.head\.appendChild\(__vite_style__\);/g;

/**
 * V8 6.3/6.4 (Chromium 63–64) crash the whole tab ("Fatal error … unimplemented
 * code") when TurboFan optimises a function comparing `typeof x` with the
 * literal 'bigint' (React DOM's setProp does, on every render). Compared
 * with a string built at run time the test means the same and is not
 * special-cased. Applied after minification (a minifier would fold it back).
 */
const TYPEOF_BIGINT_LEFT = /typeof\s*([\w$.]+|\([^()]*\))\s*(===?|!==?)\s*(["'`])bigint\3/g;
const TYPEOF_BIGINT_RIGHT = /(["'`])bigint\1\s*(===?|!==?)\s*typeof\s*([\w$.]+|\([^()]*\))/g;

export function avoidTypeofBigint(code: string): string {
  return code
    .replace(TYPEOF_BIGINT_LEFT, (_m, operand: string, op: string) => `typeof ${operand}${op}("big"+"int")`)
    .replace(TYPEOF_BIGINT_RIGHT, (_m, _q, op: string, operand: string) => `("big"+"int")${op}typeof ${operand}`);
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Rewrites a built page: drops plugin-legacy's inline module scripts (its
 * browser check and its loader), adds ours as a file, and fails on any
 * other inline script a `nomodule`-less browser would run.
 */
export function rewritePage(html: string, loaderUrl: string): string {
  const pluginScripts = new Set(cspHashes);
  let found = 0;
  const out = html.replace(INLINE_SCRIPT, (tag, attrs: string, body: string) => {
    if (/\bsrc=/.test(attrs) || body.trim() === '') return tag;
    if (/\bnomodule\b/.test(attrs)) return tag;
    if (/\btype=["']?module\b/.test(attrs) && pluginScripts.has(sha256(body))) {
      found++;
      return '';
    }
    throw new Error(`an inline script in a page would be refused by the CSP (script-src 'self'): ${tag.slice(0, 120)}`);
  });
  if (found === 0) return out;
  if (found !== 2)
    throw new Error(`plugin-legacy wrote ${found} inline module scripts, expected its check and its loader`);
  return out.replace('</head>', `  <script type="module" crossorigin src="${loaderUrl}"></script>\n  </head>`);
}

/** A file of the legacy bundle (plugin-legacy names them so). */
export const isLegacyFile = (fileName: string) => fileName.includes('-legacy');

export function legacyBundle(): Plugin[] {
  const loaderFile = `assets/legacy-loader-${sha256(LEGACY_LOADER)
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 8)}.js`;
  let base = '/';
  return [
    {
      // Between Vite's CSS plugin, which writes the <style> code, and
      // plugin-legacy's Babel pass, which rewrites it.
      name: 'bosphorus:legacy-css-files',
      apply: 'build',
      enforce: 'post',
      renderChunk(code, chunk) {
        if (!isLegacyFile(chunk.fileName) || !code.includes('__vite_style__')) return null;
        let count = 0;
        const out = code.replace(LEGACY_STYLE_INJECTION, (_m, literal: string) => {
          count++;
          const ref = this.emitFile({
            type: 'asset',
            name: `${chunk.name}-legacy.css`,
            source: JSON.parse(literal) as string,
          });
          const href = JSON.stringify(base + this.getFileName(ref));
          return `var __vite_style__ = document.createElement('link');__vite_style__.rel = 'stylesheet';__vite_style__.href = ${href};document.head.appendChild(__vite_style__);`;
        });
        if (count === 0)
          throw new Error(`${chunk.fileName}: Vite's CSS injection changed; update LEGACY_STYLE_INJECTION`);
        return { code: out, map: null };
      },
    },
    ...legacy({
      targets: LEGACY_TARGETS,
      // Babel adds the core-js polyfills the targets need for what the code
      // uses (usage-based); these cover what it cannot see or core-js lacks.
      additionalLegacyPolyfills: LEGACY_EXTRA_POLYFILLS,
      modernPolyfills: false,
    }),
    {
      name: 'bosphorus:legacy-bundle',
      apply: 'build',
      // After plugin-legacy's post-process plugin (renderChunk, transformIndexHtml).
      enforce: 'post',
      // After plugin-legacy's config hook, which raises the modern target to
      // its own browser check's level (Chromium 105).
      config(config) {
        config.build ??= {};
        config.build.target = MODERN_TARGET;
        config.build.cssTarget = CSS_TARGET;
        // CSS fallbacks written at build time, inert on current browsers:
        // every :focus-visible rule gets a copy for `.js-focus-visible
        // .focus-visible` (the class the legacy bundle's polyfill sets), grid
        // `gap` gets `grid-gap` (Chromium 57–65), and min()/max()/clamp() and
        // flex gap get theirs from css-fallbacks.ts.
        config.css ??= {};
        if (typeof config.css.postcss === 'string') throw new Error('legacyBundle() needs css.postcss as an object');
        config.css.postcss ??= {};
        config.css.postcss.plugins = [
          ...(config.css.postcss.plugins ?? []),
          postcssGapProperties(),
          postcssFocusVisible(),
          cssFallbacks(),
        ];
      },
      configResolved(config) {
        base = config.base;
      },
      renderChunk(code, chunk) {
        if (!chunk.isEntry || isLegacyFile(chunk.fileName)) return null;
        const guard = PLUGIN_GUARD.exec(code);
        if (!guard) throw new Error(`plugin-legacy's guard not found at the start of ${chunk.fileName}`);
        return { code: MODERN_ENTRY_PREFIX + code.slice(guard[0].length), map: null };
      },
      generateBundle(_options, bundle) {
        const files = Object.keys(bundle);
        if (files.some(isLegacyFile)) {
          for (const output of Object.values(bundle))
            if (output.type === 'chunk' && isLegacyFile(output.fileName)) output.code = avoidTypeofBigint(output.code);
          return;
        }
        this.emitFile({ type: 'asset', fileName: loaderFile, source: LEGACY_LOADER });
        for (const [file, output] of Object.entries(bundle)) {
          if (output.type === 'chunk' && output.code.includes("import'data:"))
            throw new Error(`${file} imports a data: URL, which the CSP refuses`);
        }
      },
      transformIndexHtml: {
        order: 'post',
        handler: (html) => rewritePage(html, base + loaderFile),
      },
    },
  ];
}
