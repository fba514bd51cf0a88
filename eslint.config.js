import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // API modules reach each other only through what app.ts hands them (the
  // services, or a repository passed in): never another module's SQL or
  // routes (docs/architecture.md "Modules"). Naming a handed-in type is
  // allowed; app.ts, services.ts, cli/ and tests wire modules and may import them.
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // From a module's folder, and from a subfolder of it (billing/providers/).
              group: ['../*/*.repository.js', '../*/*.routes.js', '../../*/*.repository.js', '../../*/*.routes.js'],
              allowTypeImports: true,
              message: "A module must not import another module's repository or routes: app.ts hands it what it needs.",
            },
          ],
        },
      ],
    },
  },
  // Features never import each other; they are composed in app/ (DESIGN §5).
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['../../*/**', '!../../../**'], message: 'A feature must not import another feature.' }],
        },
      ],
    },
  },
);
