import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const ROOT = import.meta.dirname;
const API_MODULES = 'apps/api/src/modules';
const WEB_FEATURES = 'apps/web/src/features';
const foldersIn = (dir) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// import-x's no-restricted-paths, except for imports that name only types
// (`import type`, `export type`, or every specifier `type`): TypeScript
// erases them, and a module may name the type of what app.ts hands it
// (decisions 0030, 0041).
const restrictedPaths = importX.rules['no-restricted-paths'];
const typeOnly = (node) =>
  node?.importKind === 'type' ||
  node?.exportKind === 'type' ||
  (node?.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
const house = {
  rules: {
    'no-restricted-value-paths': {
      meta: restrictedPaths.meta,
      create(context) {
        const report = (descriptor) => {
          if (!typeOnly(descriptor.node?.parent)) context.report(descriptor);
        };
        return restrictedPaths.create(Object.create(context, { report: { value: report } }));
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/seed-assets/**',
      '**/*.tmp.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['eslint.config.js'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // React 19's react-dom is the one renderer (decision 0106; build/renderer.test.ts
  // checks what the build and the unit tests resolve `react` to).
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(preact|@preact/|inferno|react-lite|nervjs)',
              message: "React 19's react-dom renders the site: no other renderer (decision 0106).",
            },
          ],
        },
      ],
    },
  },
  // Imports are checked on resolved paths (TypeScript's resolution: `.js`
  // names `.ts`, workspace packages), so the rules hold at any depth.
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX, house },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // No file reaches itself through its imports (type-only imports too).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // API modules reach each other only through what app.ts hands them (the
  // services, or a repository passed in): never another module's SQL or
  // routes (docs/architecture.md "Modules"). Naming a handed-in type is
  // allowed; app.ts, services.ts, cli/ and tests wire modules and may import them.
  {
    files: [`${API_MODULES}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'house/no-restricted-value-paths': [
        'error',
        {
          basePath: ROOT,
          zones: foldersIn(API_MODULES).map((name) => ({
            target: `${API_MODULES}/${name}`,
            from: `${API_MODULES}/!(${name})/**/*.{repository,routes}.ts`,
            message: `A module must not import another module's repository or routes: app.ts hands ${name} what it needs.`,
          })),
        },
      ],
    },
  },
  // The start-up script runs on every engine we support, before any bundle:
  // ES5, a classic script, its configuration injected at build time (apps/web/src/startup).
  {
    files: ['apps/web/src/startup/startup.js'],
    languageOptions: {
      ecmaVersion: 5,
      sourceType: 'script',
      globals: { ...globals.browser, BOSPHORUS_STARTUP_CONFIG: 'readonly' },
    },
    // ES5 has no `catch {}` without a binding.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
  // Features never import each other, at any depth; they are composed in
  // app/ (DESIGN §5).
  {
    files: [`${WEB_FEATURES}/**/*.ts`, `${WEB_FEATURES}/**/*.tsx`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: foldersIn(WEB_FEATURES).map((name) => ({
            target: `${WEB_FEATURES}/${name}`,
            from: WEB_FEATURES,
            except: [`./${name}`],
            message: `A feature must not import another feature: compose ${name} with it in app/.`,
          })),
        },
      ],
    },
  },
);
