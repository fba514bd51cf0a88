import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { legacyBundle } from './build/legacy-bundle.js';
import { execSync } from 'node:child_process';
import { startupScriptPlugin } from './src/startup/build';
import { appShellPlugin } from './build/app-shell.js';
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

export default defineConfig({
  // The ES5 start-up script before the app (src/startup, decision 0052);
  // the page shell in the document (build/app-shell.ts, decision 0060);
  // V8's compile hint on the first load's files (build/compile-hints.ts, decision 0101).
  // React's own plugin: the automatic JSX runtime, and Fast Refresh in `npm run dev` (decision 0106).
  plugins: [react(), legacyBundle(), startupScriptPlugin(), appShellPlugin(), compileHints()],
  define: {
    __BUILD_TIMESTAMP__: JSON.stringify(new Date().toISOString()),
    __BUILD_HASH__: JSON.stringify(gitShortHash()),
  },
  build: {
    // The modern target (es2020) and the CSS target are set by legacyBundle().
    sourcemap: false,
    assetsInlineLimit: 2048,
    // Two pages: the app, and the player page the app frames (served at
    // /player on the media origin). They share one small chunk (the preload
    // helper and the contract texts); hls.js is imported by the player only,
    // lazily, so the app never loads it (bench/bundle-size.ts checks).
    rolldownOptions: {
      input: { index: page('index.html'), player: page('player.html') },
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
});
