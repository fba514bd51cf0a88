import path from 'node:path';
import type { Plugin } from 'vite';

// The server build's side of src/server/render-modules.ts (decision 0107):
// every `import('…')` of the app's own code becomes
// `loadedModule('src/…', import('…'))`, so a render knows the source paths
// of the modules it loaded on demand. The client build's manifest is keyed
// by those same paths.

const DYNAMIC_IMPORT = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;

export function ssrModules(root: string): Plugin {
  const runtime = path.join(root, 'src/server/render-modules.ts');
  return {
    name: 'bosphorus:ssr-modules',
    // The server's build, and the unit tests, which render the server's pages (entry-server.test.tsx).
    apply: (_config, env) => !!env.isSsrBuild || !!process.env.VITEST,
    async transform(code, id) {
      if (!id.startsWith(path.join(root, 'src')) || id === runtime || !/\.[jt]sx?$/.test(id)) return null;
      const found = [...code.matchAll(DYNAMIC_IMPORT)];
      if (!found.length) return null;
      let out = '';
      let at = 0;
      for (const match of found) {
        const resolved = await this.resolve(match[2]!, id);
        if (!resolved || resolved.external || !resolved.id.startsWith(root)) continue;
        const source = path.relative(root, resolved.id.split('?')[0]!).split(path.sep).join('/');
        out += code.slice(at, match.index) + `__loadedModule(${JSON.stringify(source)}, ${match[0]})`;
        at = match.index! + match[0].length;
      }
      if (!at) return null;
      out += code.slice(at);
      return { code: `import { loadedModule as __loadedModule } from ${JSON.stringify(runtime)};\n${out}`, map: null };
    },
  };
}
