import { AsyncLocalStorage } from 'node:async_hooks';

// Which of the app's modules a server render loaded on demand (a lazy
// route's page, a React.lazy part): the document names their files (the
// stylesheets a page needs before it paints, the scripts hydration needs),
// read from the client build's manifest (decision 0107). The server build
// wraps every dynamic import of the app's code in `loadedModule`
// (build/ssr-modules.ts), which notes the module's source path in the
// current render's set.

const current = new AsyncLocalStorage<Set<string>>();

/** Runs one render, noting the modules it loads in `modules`. */
export function collectModules<T>(modules: Set<string>, render: () => T): T {
  return current.run(modules, render);
}

/** A dynamic import of `source` (a path from the web app's folder), noted in the current render. */
export function loadedModule<T>(source: string, load: Promise<T>): Promise<T> {
  current.getStore()?.add(source);
  return load;
}
