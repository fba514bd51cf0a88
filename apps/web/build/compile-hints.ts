import type { Plugin } from 'vite';
import { isLegacyFile } from './legacy-bundle.js';

// V8's explicit compile hint (Chrome 136 and later; decision 0101). V8
// compiles a function when it is first called, on the main thread: on a
// visit's first view that is most of the app's first render (react-dom's
// diff, React Router, TanStack Query and our components all run for the
// first time there). A file that starts with this comment has every
// function compiled as it streams in, on a background thread. Other engines
// (and older Chromium) read a comment.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  name?: string;
  imports?: string[];
}

/**
 * The files a first visit to `entry` runs before its first view: the entry
 * and everything it imports statically, all the way down. Lazily imported
 * files (pages, the footer, the player) are left out: they are fetched
 * while the first view draws, and parts of them never run.
 */
export function firstLoadFiles(bundle: Record<string, ChunkLike>, entry: string): string[] {
  const start = Object.values(bundle).find((o) => o.type === 'chunk' && o.isEntry && o.name === entry);
  if (!start) return [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const chunk = bundle[file];
    if (!chunk || chunk.type !== 'chunk') return;
    seen.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(start.fileName);
  return [...seen];
}

/** Puts the compile hint at the top of the app page's first-load files (the modern bundle only). */
export function compileHints(entry = 'index'): Plugin {
  return {
    name: 'bosphorus:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After every other plugin's changes to the code (Vite's own import
      // analysis writes its preload map at the top of a file in this hook
      // too): the hint must be the file's first line.
      order: 'post',
      handler(_options, bundle) {
        // The legacy bundle's engines (Chromium 63–79) have no such hint.
        if (Object.keys(bundle).some(isLegacyFile)) return;
        for (const file of firstLoadFiles(bundle, entry)) {
          const chunk = bundle[file]!;
          if (chunk.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}
