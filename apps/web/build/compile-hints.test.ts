import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, firstLoadFiles } from './compile-hints';

type Output = { type: 'chunk'; fileName: string; isEntry: boolean; name: string; imports: string[]; code: string };

const chunk = (fileName: string, imports: string[] = [], entry?: string): Output => ({
  type: 'chunk',
  fileName,
  isEntry: entry !== undefined,
  name: entry ?? fileName.replace(/-.*/, ''),
  imports,
  code: `console.log(${JSON.stringify(fileName)});`,
});

function bundleOf(...chunks: Output[]): Record<string, Output> {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

/** Runs the plugin's generateBundle on a bundle, as Vite would. */
function generate(bundle: Record<string, unknown>): void {
  const hook = compileHints().generateBundle as { handler: (this: unknown, options: unknown, bundle: unknown) => void };
  hook.handler.call({}, {}, bundle);
}

describe('the compile hint on the first load (decision 0101)', () => {
  const app = () =>
    bundleOf(
      chunk('assets/index-A.js', ['assets/jsx-runtime-B.js', 'assets/router-C.js'], 'index'),
      chunk('assets/router-C.js', ['assets/jsx-runtime-B.js']),
      chunk('assets/jsx-runtime-B.js'),
      // Lazily imported by the app (a page), and the player page's own entry.
      chunk('assets/faq-page-D.js', ['assets/jsx-runtime-B.js']),
      chunk('assets/player-E.js', ['assets/hls-F.js'], 'player'),
      chunk('assets/hls-F.js'),
    );

  it("finds the entry's static imports, all the way down, and nothing it loads lazily", () => {
    expect(firstLoadFiles(app(), 'index').sort()).toEqual([
      'assets/index-A.js',
      'assets/jsx-runtime-B.js',
      'assets/router-C.js',
    ]);
    expect(firstLoadFiles(app(), 'nothing')).toEqual([]);
  });

  it('puts the hint on the first line of those files only, once, whatever ran before', () => {
    const bundle = app();
    generate(bundle);
    generate(bundle);
    expect(bundle['assets/index-A.js']!.code).toBe(`${COMPILE_HINT}console.log("assets/index-A.js");`);
    expect(bundle['assets/router-C.js']!.code.startsWith(COMPILE_HINT)).toBe(true);
    expect(bundle['assets/jsx-runtime-B.js']!.code.startsWith(COMPILE_HINT)).toBe(true);
    for (const file of ['assets/faq-page-D.js', 'assets/player-E.js', 'assets/hls-F.js'])
      expect(bundle[file]!.code).toBe(`console.log(${JSON.stringify(file)});`);
  });

  it('leaves the legacy bundle as it is', () => {
    const bundle = bundleOf(chunk('assets/index-legacy-A.js', ['assets/polyfills-legacy-B.js'], 'index'));
    generate(bundle);
    expect(bundle['assets/index-legacy-A.js']!.code).toBe('console.log("assets/index-legacy-A.js");');
  });

  it('is the comment V8 reads', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });
});
