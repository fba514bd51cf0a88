import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// JavaScript the home route downloads before it can render: the entry script
// of dist/index.html, its modulepreload links (listed on the start-up script's
// tag since decision 0099, or in the head), and every chunk reachable from
// them through static imports. Lazy route chunks (import("./x.js")) are not
// counted: the home page does not load them.

export interface BundleFile {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** It contains hls.js (HLS_MARKERS). */
  hls: boolean;
}

export interface BundleReport {
  files: BundleFile[];
  totalBytes: number;
  totalGzipBytes: number;
}

// hls.js (light and full builds, 1.x) in a chunk, whatever the bundler named
// it: its event names are string values that survive minification, and its
// config errors name it. The player page loads it lazily; the app never
// should (issue 8: hls.js only on player pages).
const HLS_MARKERS = ['"hlsManifestLoaded"', '`hlsManifestLoaded`', "'hlsManifestLoaded'", 'Illegal hls.js config'];

export function containsHls(code: string): boolean {
  return HLS_MARKERS.some((m) => code.includes(m));
}

// Vite writes static imports at the top of a chunk: import{a as b}from"./x.js";
// import"./y.js"; export{c}from"./z.js". A dynamic import has "(" after import.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g;

export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
}

/** The script and modulepreload URLs of the built index.html, in document order. */
export function entryScripts(html: string): string[] {
  const urls: string[] = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype=["']?module/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel=["']?modulepreload/.test(tag);
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url && url.endsWith('.js')) urls.push(url);
  }
  return urls;
}

export function measureHomeBundle(distDir: string): BundleReport {
  const indexHtml = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexHtml)) throw new Error(`${indexHtml} is missing: run the production build first`);
  const toFile = (url: string, fromFile: string | null) => {
    if (/^[a-z]+:/i.test(url) || url.startsWith('//')) throw new Error(`home route loads an external script: ${url}`);
    return url.startsWith('/') ? path.join(distDir, url) : path.resolve(path.dirname(fromFile ?? indexHtml), url);
  };
  const queue = entryScripts(fs.readFileSync(indexHtml, 'utf8')).map((u) => toFile(u, null));
  if (!queue.length) throw new Error('no module script found in index.html');
  const seen = new Set<string>();
  const files: BundleFile[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file);
    files.push({
      file: path.relative(distDir, file),
      bytes: code.length,
      gzipBytes: zlib.gzipSync(code, { level: 9 }).length,
      hls: containsHls(code.toString('utf8')),
    });
    for (const spec of staticImports(code.toString('utf8'))) {
      if (!spec.startsWith('.') && !spec.startsWith('/')) continue; // a string, not a chunk
      const target = toFile(spec, file);
      if (fs.existsSync(target)) queue.push(target);
    }
  }
  return {
    files,
    totalBytes: files.reduce((n, f) => n + f.bytes, 0),
    totalGzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
  };
}

export interface HlsPlacement {
  /** Every JavaScript file of the build that contains hls.js. */
  hlsFiles: string[];
  /** How many files the app (index.html) can ever load, lazy routes included. */
  appFiles: number;
  /** Those of them that contain hls.js: must be none. */
  appHlsFiles: string[];
}

/**
 * Where hls.js sits in the build. The app's reach is every JavaScript file
 * named anywhere in the code reachable from dist/index.html — static imports,
 * import() of lazy routes, preload lists — so a mention is enough to count
 * (it errs on the strict side). The player page (player.html) is not the app.
 */
export function hlsPlacement(distDir: string): HlsPlacement {
  const assets = path.join(distDir, 'assets');
  const names = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  const code = new Map(names.map((n) => [n, fs.readFileSync(path.join(assets, n), 'utf8')]));
  const mentioned = (text: string) => names.filter((n) => text.includes(n));
  const queue = mentioned(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  const reach = new Set<string>();
  while (queue.length) {
    const name = queue.shift()!;
    if (reach.has(name)) continue;
    reach.add(name);
    queue.push(...mentioned(code.get(name)!));
  }
  const hlsFiles = names.filter((n) => containsHls(code.get(n)!)).map((n) => `assets/${n}`);
  return {
    hlsFiles,
    appFiles: reach.size,
    appHlsFiles: [...reach].filter((n) => containsHls(code.get(n)!)).map((n) => `assets/${n}`),
  };
}
