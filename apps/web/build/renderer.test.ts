import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createServer } from 'vite';

// React 19's react-dom renders the site in production, in development and in
// the unit tests (decision 0106): this fails the build's tests if `react` or
// `react-dom` resolves to anything else, through an alias or a package swap.

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SPECIFIERS = ['react', 'react-dom', 'react-dom/client', 'react-dom/server', 'react/jsx-runtime'];
const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file.split(path.sep).join('/'))?.[1];

describe('the renderer', () => {
  it('is React 19 in the unit tests', async () => {
    const [react, reactDom] = await Promise.all([import('react'), import('react-dom')]);
    expect(react.version).toMatch(/^19\./);
    expect(reactDom.version).toBe(react.version);
  });

  it('is React 19 from the app folder, as Node resolves it', () => {
    const require = createRequire(path.join(web, 'package.json'));
    for (const specifier of SPECIFIERS) {
      expect(packageOf(require.resolve(specifier)), specifier).toBe(specifier.split('/')[0]);
    }
    expect((require('react-dom/package.json') as { version: string }).version).toMatch(/^19\./);
  });

  it('is React 19 in the build and the dev server, through their own config and aliases, with Fast Refresh in development', async () => {
    const server = await createServer({
      configFile: path.join(web, 'vite.config.ts'),
      root: web,
      logLevel: 'silent',
      server: { middlewareMode: true, ws: false },
      appType: 'custom',
      // Resolved as written, not to the dev server's pre-bundled copies.
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const importer = path.join(web, 'src/main.tsx');
      for (const specifier of SPECIFIERS) {
        const resolved = await server.environments.ssr.pluginContainer.resolveId(specifier, importer);
        expect(packageOf(resolved?.id ?? ''), specifier).toBe(specifier.split('/')[0]);
      }
      // `npm run dev` has React's Fast Refresh: the page loads its runtime, and a component module registers with it.
      const page = await server.transformIndexHtml('/', '<!doctype html><html><head></head><body></body></html>');
      expect(page).toContain('/@react-refresh');
      const header = await server.transformRequest('/src/app/header.tsx');
      expect(header?.code).toContain('$RefreshReg$');
    } finally {
      await server.close();
    }
  }, 30_000);
});
