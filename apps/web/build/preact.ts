// React's API on Preact (decision 0097): the app, its libraries (React
// Router, TanStack Query) and the unit tests import `react` and `react-dom`;
// the build and vitest resolve them to preact/compat, 4 KB in place of
// react-dom's 58 KB on the home route. One list for both.

export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Packages in node_modules that import React: vitest runs them through Vite
 * (instead of Node's loader) so that the aliases reach their imports too.
 */
export const REACT_USING_PACKAGES = [/@testing-library\/react/, /react-router/, /@tanstack\/react-query/];
