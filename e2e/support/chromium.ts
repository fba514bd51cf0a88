import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

// Which Chromium the browser suite drives (notes/dependencies.md). Nothing is
// ever downloaded: CHROME_PATH wins, then the system Chromium (Debian's apt
// package, as .ci/run installs it), then the Chromium that arrives inside the
// @sparticuz/chromium npm package.

/** Flags every launch gets: no sandbox in containers, no GPU, no background traffic. */
export const BASE_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

export interface ChromiumChoice {
  executablePath: string;
  args: string[];
  /** Where the binary came from, for the run's first line. */
  source: 'CHROME_PATH' | 'system' | '@sparticuz/chromium';
}

function systemChromium(): string | null {
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    const found = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
    return found || null;
  } catch {
    return null;
  }
}

function withBaseArgs(extra: readonly string[]): string[] {
  return [...new Set([...BASE_CHROMIUM_ARGS, ...extra])];
}

/**
 * CHROME_PATH, else the system Chromium, else the npm one. E2E_CHROMIUM=npm
 * skips the first two, to check the npm fallback on a machine that has both.
 */
export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumChoice> {
  const forceNpm = env.E2E_CHROMIUM === 'npm';
  const fromEnv = env.CHROME_PATH?.trim();
  if (fromEnv && !forceNpm) {
    if (!fs.existsSync(fromEnv)) throw new Error(`CHROME_PATH points to '${fromEnv}', which does not exist`);
    return { executablePath: fromEnv, args: withBaseArgs([]), source: 'CHROME_PATH' };
  }
  const system = forceNpm ? null : systemChromium();
  if (system) return { executablePath: system, args: withBaseArgs([]), source: 'system' };

  const { default: sparticuz } = await import('@sparticuz/chromium');
  // Its args include --single-process, with which the second test of a
  // worker fails ("browser has been closed") — notes/dependencies.md. Its
  // serverless switches that loosen the browser's own security are dropped
  // too, so the suite sees what a visitor's browser enforces; Playwright
  // sets the headless mode itself.
  const dropped = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content']);
  const args = sparticuz.args.filter((arg) => !dropped.has(arg) && !arg.startsWith('--headless'));
  return { executablePath: await sparticuz.executablePath(), args: withBaseArgs(args), source: '@sparticuz/chromium' };
}
