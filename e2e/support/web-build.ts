import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The web app's production build for a run of the browser suites, and what
// the tests read from it.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * What `npm run build -w @bosphorus/web` does (apps/web/package.json), into
 * `outDir`: the browser's build, the server's render of the same app
 * (outDir/server, which the server renders every page with, decision 0107),
 * and the precompressed copies. Commands run from the repository's root.
 * `development`: React's development build on both sides, which names every
 * hydration mismatch, attributes too, where production stays silent
 * (hydration.spec.ts's second run, decision 0152).
 */
export function webBuildCommands(outDir: string, { development = false } = {}): string[] {
  const vite = development
    ? 'NODE_ENV=development npx vite build --mode development --config apps/web/vite.config.ts --logLevel error'
    : 'npx vite build --config apps/web/vite.config.ts --logLevel error';
  return [
    `${vite} --outDir "${outDir}" --emptyOutDir apps/web`,
    `${vite} --ssr --outDir "${path.join(outDir, 'server')}" apps/web`,
    `node scripts/precompress.mjs "${outDir}"`,
  ];
}

/**
 * The build the site under test runs: the run's own (BOSPHORUS_E2E_RUN_DIR/web),
 * or, for a site you run yourself (E2E_BASE_URL), E2E_WEB_DIST or apps/web/dist.
 */
function servedBuild(): string {
  const runDir = process.env.BOSPHORUS_E2E_RUN_DIR;
  const own = runDir ? path.join(runDir, 'web') : null;
  if (own && !process.env.E2E_BASE_URL && fs.existsSync(own)) return own;
  return path.resolve(repoRoot, process.env.E2E_WEB_DIST ?? 'apps/web/dist');
}

/**
 * The route table's addresses (`:id` kept), as the server build publishes
 * them (apps/web/src/entry-server.tsx `routePaths`): the app's own table,
 * never a list of the tests' (issue 25).
 */
export async function routePaths(): Promise<readonly string[]> {
  const entry = path.join(servedBuild(), 'server', 'entry-server.mjs');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: the site's server build (npm run build)`);
  const { routePaths: paths } = (await import(pathToFileURL(entry).href)) as { routePaths?: readonly string[] };
  if (!paths?.length) throw new Error(`${entry} names no routes (routePaths)`);
  return paths;
}
