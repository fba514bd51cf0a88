import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import { runnerImport, type Plugin } from 'vite';
// Builds the start-up script (startup.js, ES5) with its configuration: the
// texts and constants of packages/contract and the storage keys of
// lib/auth-store, so nothing in it is a hand copy (decision 0052).

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SOURCE = path.join(HERE, 'startup.js');
const CONFIG = path.join(HERE, 'config.ts');
const PLACEHOLDER = 'BOSPHORUS_STARTUP_CONFIG';

/**
 * The script as served: startup.js with its configuration in place,
 * minified as ES5 (it is written into every page, decision 0109) unless
 * `readable` (the dev server's).
 */
export async function buildStartupScript({ readable = false } = {}): Promise<string> {
  // Through Vite's module runner: the contract is TypeScript, which the
  // config's own loader leaves to Node.
  const { module } = await runnerImport<typeof import('./config')>(CONFIG);
  const source = fs.readFileSync(SOURCE, 'utf8');
  const at = source.indexOf(`var C = ${PLACEHOLDER};`);
  if (at === -1) throw new Error(`startup.js: "var C = ${PLACEHOLDER};" not found`);
  // JSON is an ES5 expression; "</" is escaped in case the text ever meets HTML.
  const json = JSON.stringify(module.startupConfig()).replace(/<\//g, '<\\/');
  const script = source.replace(`var C = ${PLACEHOLDER};`, `var C = ${json};`);
  if (readable) return script;
  const minified = await minify(script, {
    ecma: 5,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (!minified.code) throw new Error('startup.js: terser gave no code');
  return minified.code;
}

/**
 * Vite: serves and emits the script as `assets/startup-<hash>.js` (cached
 * for good, like every asset) and puts a classic `<script src>` first in the
 * head of index.html, before the app's module scripts.
 */
export function startupScriptPlugin(): Plugin {
  let code = '';
  let fileName = '';
  let readable = false;
  const refresh = async () => {
    code = await buildStartupScript({ readable });
    fileName = `assets/startup-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  };
  return {
    name: 'bosphorus-startup-script',
    async buildStart() {
      await refresh();
      this.addWatchFile(SOURCE);
    },
    configResolved(config) {
      readable = config.command === 'serve';
    },
    async configureServer(server) {
      await refresh();
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `/${fileName}`) return next();
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.end(code);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        // The app page only: the player page has its own error handling.
        if (!ctx.filename.endsWith('index.html')) return html;
        return [{ tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
