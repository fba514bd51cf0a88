import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ssrModules } from './apps/web/build/ssr-modules.js';

// Unit tests (contract, web logic) and API integration tests (PGlite per
// file from a migrated template; PostgreSQL too when TEST_DATABASE_URL is set).

const root = path.dirname(fileURLToPath(import.meta.url));

const UNIT_FOLDERS = ['packages', 'apps/web/src', 'apps/web/build'];
const UNIT_FILE = /\.test\.tsx?$/;

/** Test files under `folder` (relative to the repository), node_modules and builds left out. */
function testFilesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (UNIT_FILE.test(entry.name)) found.push(rel);
    }
  };
  walk(folder);
  return found;
}

/**
 * Unit test files that replace a module with vi.mock: a mock applies to a
 * fresh module registry, so these keep a worker of their own (decision 0038).
 */
const MOCKING_UNIT_FILES = UNIT_FOLDERS.flatMap(testFilesUnder).filter((file) =>
  /\bvi\.(do)?mock\(/.test(fs.readFileSync(path.join(root, file), 'utf8')),
);

const UNIT_INCLUDE = ['packages/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'];

/**
 * The web app's plugins the unit tests need: the server build's note of
 * the modules a render loads (entry-server.test.tsx, decision 0107).
 */
const UNIT_PLUGINS = [ssrModules(path.join(root, 'apps/web'))];

/** Shared by both unit projects. */
const unitBase = {
  environment: 'node',
  // Vitest's default is one worker fewer than the cores: one on CI's
  // two. Both cores halve this project's time (decision 0038).
  maxWorkers: 2,
  // Stubs end with their test, so no file sees another's (the files share
  // workers below).
  unstubGlobals: true,
  unstubEnvs: true,
  setupFiles: ['./apps/web/src/test/unit-setup.ts'],
  sequence: { groupOrder: 0 },
} as const;

/** Whether this run's API suites use PGlite (apps/api/test/harness.ts DATABASE_KINDS: it does unless TEST_DATABASES leaves it out). */
const PGLITE_IN_RUN =
  !process.env.TEST_DATABASES?.trim() || process.env.TEST_DATABASES.split(',').some((k) => k.trim() === 'pglite');
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

export default defineConfig({
  test: {
    projects: [
      {
        plugins: UNIT_PLUGINS,
        test: {
          ...unitBase,
          name: 'unit',
          include: UNIT_INCLUDE,
          exclude: ['**/node_modules/**', ...MOCKING_UNIT_FILES],
          // The files of a worker share its module registry: React, happy-dom
          // and the app's modules are imported once per worker instead of once
          // per file (87 files: 110 s → 25 s; decision 0038). Each file still
          // gets its own environment (its own document).
          isolate: false,
        },
      },
      {
        plugins: UNIT_PLUGINS,
        test: {
          ...unitBase,
          name: 'unit-mocks',
          include: MOCKING_UNIT_FILES.length ? MOCKING_UNIT_FILES : ['no-such-file'],
        },
      },
      {
        test: {
          name: 'api',
          // The files of a worker share its module registry, as the unit
          // files do: each file builds its own app on its own database, and
          // the app's modules are imported once per worker instead of once
          // per file (a PGlite pass: 237 s → 166 s; decision 0038's
          // amendment of 2026-12-02). Not where PGlite runs on Node 22 or
          // later: one process making and freeing dozens of PGlite
          // instances trips a V8 check there and dies (nodejs/node#64500;
          // it killed CI's Node 24 pass on 2026-12-02), so each file gets a
          // process of its own (decision 0038's second amendment).
          isolate: PGLITE_IN_RUN && NODE_MAJOR >= 22,
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each PGlite instance takes ~0.75 GB and keeps a core busy: two
          // files at a time. On PostgreSQL alone a file spends part of its
          // time waiting on the database server: a third file fills it
          // (decision 0159: 126 s → 110 s on Node 22; on PGlite 3 and 2 both
          // took 181–184 s).
          maxWorkers: PGLITE_IN_RUN ? 2 : 3,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
