import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss, { type AtRule, type Root, type Rule } from 'postcss';
import { runnerImport, type IndexHtmlTransformContext, type Plugin } from 'vite';

// The page shell in the served document (issue 15, decision 0060):
// - #root holds the shell's markup (src/shell/shell.ts): the header, and on
//   home the hero and row skeletons, painted before any script arrives;
// - a <style> in the head holds what that markup needs: the rules of the
//   app's stylesheet whose selectors name only the shell's classes, and the
//   shell's own (the server allows this one block by its hash in the CSP);
// - the app's stylesheet no longer blocks the first paint: the head preloads
//   it and the <link rel=stylesheet> comes after #root, so the shell above it
//   paints at once; the start-up script (decision 0052) follows it, still a
//   classic script before every app script, old engines' included;
// - the app's module scripts and their modulepreloads leave the head: the
//   start-up script's tag lists them, and it adds them once the shell has
//   painted (decision 0099), so the document's pictures are fetched first.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHELL_MODULE = path.join(HERE, '../src/shell/shell.ts');
/**
 * Stylesheets of lazy components whose boxes the shell draws (a detail
 * page's hero, decision 0099): read for the shell's rules beside the app's,
 * from the CSS file of the chunk they went into.
 */
const SHELL_STYLESHEETS = [
  path.join(HERE, '../src/components/catalogue/detail.css'),
  path.join(HERE, '../src/features/catalogue-list/catalogue-list.css'),
];

/** Element selectors the shell's markup uses (type selectors of the base styles). */
const SHELL_ELEMENTS = new Set([
  'html',
  'body',
  'a',
  'p',
  'h1',
  'header',
  'main',
  'section',
  'span',
  'div',
  'svg',
  'img',
  '*',
]);
/** Set on <html> before React draws (TV mode, reduced motion): their variants of the shell's rules apply. */
const ROOT_CLASSES = ['tv'];

export function classesOf(markup: string): Set<string> {
  const classes = new Set<string>(ROOT_CLASSES);
  for (const m of markup.matchAll(/\bclass="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) classes.add(c);
  return classes;
}

/** A selector the shell needs: every class it names is the shell's, and its elements are the shell's. */
export function selectorFits(selector: string, classes: Set<string>): boolean {
  if (/#|\[/.test(selector)) return false;
  const named = [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!);
  if (!named.every((c) => classes.has(c))) return false;
  // Type selectors (outside :not() and the like): only the shell's elements.
  const bare = selector.replace(/\([^)]*\)/g, '').replace(/\.[\w-]+|::?[\w-]+/g, ' ');
  const elements = bare.split(/[\s>+~,]+/).filter(Boolean);
  return elements.every((e) => SHELL_ELEMENTS.has(e.toLowerCase()) || e === ':root');
}

/** The rules of `css` the shell's markup needs, at-rules around them kept; keyframes it animates with. */
export function criticalCss(css: string, markup: string): string {
  const classes = classesOf(markup);
  const root: Root = postcss.parse(css);
  const keyframes = new Set<string>();
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    const kept = rule.selectors.filter((s) => s.trim() === ':root' || selectorFits(s.trim(), classes));
    if (!kept.length) return void rule.remove();
    rule.selectors = kept;
    rule.walkDecls(/^animation(-name)?$/, (d) => {
      for (const word of d.value.split(/[\s,]+/)) keyframes.add(word);
    });
  });
  root.walkAtRules((at) => {
    if (/keyframes$/i.test(at.name)) {
      if (!keyframes.has(at.params.trim())) at.remove();
      return;
    }
    if (/^(font-face|page|property|layer|charset|import)$/i.test(at.name)) at.remove();
  });
  // Empty at-rules left behind.
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0) {
        at.remove();
        removed = true;
      }
    });
  }
  return root
    .toString()
    .replace(/\s*\n\s*/g, '')
    .replace(/\/\*[^*]*\*+([^/*][^*]*\*+)*\//g, '');
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/**
 * The app's module scripts (in document order: the entry, then the legacy
 * loader) and their modulepreloads, taken out of `html`.
 */
export function takeAppModules(html: string): { html: string; modules: string[]; preloads: string[] } {
  const modules = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  if (!modules.some((m) => /\/index-[^/]+\.js$/.test(m)))
    throw new Error("app-shell: the app's module entry was not found in index.html");
  return { html: html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, ''), modules, preloads };
}

/**
 * index.html as served: the shell in #root, its styles inlined, the stylesheet
 * and start-up script after it, the app's modules listed on that script.
 */
export function withShell(
  html: string,
  opts: { markup: string; css: string; attributes: { modules: string; preloads: string } },
): string {
  const sheet = /\s*<link rel="stylesheet"[^>]*href="(\/assets\/index-[^"]+\.css)"[^>]*>/.exec(html);
  if (!sheet) throw new Error('app-shell: the app stylesheet link was not found in index.html');
  const startup = /\s*<script src="(\/assets\/startup-[^"]+\.js)"><\/script>/.exec(html);
  if (!startup) throw new Error('app-shell: the start-up script was not found in index.html');
  if (!html.includes('<div id="root"></div>')) throw new Error('app-shell: <div id="root"></div> not found');
  const href = sheet[1]!;
  const app = takeAppModules(html);
  return (
    app.html
      // The start-up script is preloaded beside the stylesheet: the parser meets
      // it only after the shell, and the app's modules wait for it (decision 0094).
      .replace(
        sheet[0],
        `\n    <link rel="preload" as="style" crossorigin href="${href}">\n    <link rel="preload" as="script" href="${startup[1]}">`,
      )
      .replace(startup[0], '')
      .replace('</head>', `  <style>${opts.css}</style>\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${opts.markup}</div>\n    <link rel="stylesheet" crossorigin href="${href}">\n` +
          `    <script src="${startup[1]}" ${opts.attributes.modules}="${app.modules.join(' ')}" ` +
          `${opts.attributes.preloads}="${app.preloads.join(' ')}"></script>`,
      )
  );
}

export function appShellPlugin(): Plugin {
  return {
    name: 'bosphorus:app-shell',
    apply: 'build',
    // After the legacy bundle's page rewrite, which adds the legacy loader's module script.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      async handler(html: string, ctx: IndexHtmlTransformContext) {
        if (!ctx.filename.endsWith('index.html') || !ctx.bundle) return html;
        // The legacy bundle's own pass (decision 0046) writes a page that is thrown away.
        if (/<script type="module"[^>]* src="\/assets\/index-legacy-[^"]+\.js"/.test(html)) return html;
        const { module } = await runnerImport<typeof import('../src/shell/shell')>(SHELL_MODULE);
        const markup = module.shellMarkup();
        const cssFile = /href="\/(assets\/index-[^"]+\.css)"/.exec(html)?.[1];
        const bundle = ctx.bundle;
        const source = (file: string | undefined) => {
          const asset = file ? bundle[file] : undefined;
          if (!asset || asset.type !== 'asset')
            throw new Error(`app-shell: ${file ?? 'the app stylesheet'} is not in the bundle`);
          return String(asset.source);
        };
        const lazySheets = SHELL_STYLESHEETS.map((sheet) => {
          const chunk = Object.values(bundle).find(
            (c) => c.type === 'chunk' && !c.fileName.includes('-legacy') && c.moduleIds.includes(sheet),
          );
          const files = chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          if (!files.length) throw new Error(`app-shell: no CSS file found for ${path.basename(sheet)}`);
          return files.map(source).join('');
        });
        const css = criticalCss([source(cssFile), ...lazySheets].join(''), markup) + module.shellCss();
        return withShell(html, { markup, css, attributes: module.APP_MODULE_ATTRIBUTES });
      },
    },
  };
}
