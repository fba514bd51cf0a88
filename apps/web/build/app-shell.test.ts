import { describe, expect, it } from 'vitest';
import { appModulesOf } from '@bosphorus/contract';
import { APP_MODULE_ATTRIBUTES } from '../src/shell/shell';
import { takeAppModules, withShell } from './app-shell';

// The served index.html (decisions 0060, 0094, 0099): the shell in #root,
// its styles in the head, and the app's modules listed on the start-up
// script instead of in the head.

const BUILT = `<!doctype html><html><head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/preload-helper-B.js">
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
    <script src="/assets/startup-E.js"></script>
  <script type="module" crossorigin src="/assets/legacy-loader-F.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <script nomodule crossorigin id="vite-legacy-polyfill" src="/assets/polyfills-legacy-G.js"></script>
  </body></html>`;

describe('the served index.html', () => {
  it("takes the app's module scripts and preloads out of the head, in document order", () => {
    const { html, modules, preloads } = takeAppModules(BUILT);
    expect(modules).toEqual(['/assets/index-A.js', '/assets/legacy-loader-F.js']);
    expect(preloads).toEqual(['/assets/preload-helper-B.js', '/assets/jsx-runtime-C.js']);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('polyfills-legacy-G.js');
    expect(() => takeAppModules(html)).toThrow(/module entry was not found/);
  });

  it('lists them on the start-up script after #root, with the shell, its style and the preloads in the head', () => {
    const html = withShell(BUILT, {
      markup: '<header>S</header>',
      css: '.s{color:red}',
      attributes: APP_MODULE_ATTRIBUTES,
    });
    expect(appModulesOf(html)).toEqual({
      modules: ['/assets/index-A.js', '/assets/legacy-loader-F.js'],
      preloads: ['/assets/preload-helper-B.js', '/assets/jsx-runtime-C.js'],
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/index-D.css">');
    expect(head).toContain('<link rel="preload" as="script" href="/assets/startup-E.js">');
    expect(head).toContain('<style>.s{color:red}</style>');
    expect(head).not.toContain('<script');
    const body = html.slice(html.indexOf('<body>'));
    const root = body.indexOf('<div id="root"><header>S</header></div>');
    const sheet = body.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-D.css">');
    const startup = body.indexOf('<script src="/assets/startup-E.js" data-app-modules=');
    expect(root).toBeGreaterThan(-1);
    expect(sheet).toBeGreaterThan(root);
    expect(startup).toBeGreaterThan(sheet);
  });
});
