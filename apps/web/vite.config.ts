import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { legacyBundle } from './build/legacy-bundle.js';
import { execSync } from 'node:child_process';
import { startupScriptPlugin } from './src/startup/build';
import { ssrModules } from './build/ssr-modules.js';
import react from '@vitejs/plugin-react';
import { compileHints } from './build/compile-hints.js';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// Build facts for issue reports (spec §3 Issue report: build_timestamp,
// build_hash); read in features/player/utils/build-info.ts.
function gitShortHash(): string {
  try {
    return (
      execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || 'unknown'
    );
  } catch {
    // A tarball without .git, or no git installed.
    return 'unknown';
  }
}

const root = fileURLToPath(new URL('.', import.meta.url));

// Two builds (package.json `build`): the browser's (dist/), and the server's
// render of the same app (`--ssr src/entry-server.tsx` → dist/server/,
// decision 0107), which the API server loads.
export default defineConfig(({ isSsrBuild, mode }) => ({
  // React's own plugin: the automatic JSX runtime, and Fast Refresh in `npm run dev` (decision 0106).
  // The browser's build: the ES5 start-up script before the app (src/startup,
  // decision 0052); V8's compile hint on the first load's files
  // (build/compile-hints.ts, decision 0101). The server's: which modules a
  // render loaded (build/ssr-modules.ts).
  plugins: isSsrBuild
    ? [react(), ssrModules(root.replace(/\/$/, ''))]
    : [react(), legacyBundle(), startupScriptPlugin(), compileHints()],
  // The server's build carries its packages (React's production build among
  // them, whatever NODE_ENV the server runs with) and the workspace's
  // TypeScript contract: it loads nothing of the app's from node_modules.
  ssr: { noExternal: true },
  define: {
    ...(isSsrBuild
      ? { 'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production') }
      : {}),
    __BUILD_TIMESTAMP__: JSON.stringify(new Date().toISOString()),
    __BUILD_HASH__: JSON.stringify(gitShortHash()),
  },
  build: {
    // The modern target (es2020) and the CSS target are set by legacyBundle().
    sourcemap: false,
    // dist/.vite/manifest.json: the files of each module, for the server's documents (decision 0107).
    manifest: !isSsrBuild,
    assetsInlineLimit: 2048,
    // Two pages: the app, and the player page the app frames (served at
    // /player on the media origin). They share one small chunk (the preload
    // helper and the contract texts); hls.js is imported by the player only,
    // lazily, so the app never loads it (bench/bundle-size.ts checks).
    rolldownOptions: {
      input: (isSsrBuild
        ? { 'entry-server': page('src/entry-server.tsx') }
        : { index: page('index.html'), player: page('player.html') }) as Record<string, string>,
      // The server's render and its chunks are ES modules by their names (.mjs):
      // any Node loads them as such, whatever package.json is beside them.
      ...(isSsrBuild ? { output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } } : {}),
      onwarn(warning, warn) {
        // TanStack Query's "use client" lines are for React Server Components, which a browser bundle has none of.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      // The player page (player.html) reads its title from the media routes.
      '/media': 'http://localhost:3000',
    },
  },
}));
