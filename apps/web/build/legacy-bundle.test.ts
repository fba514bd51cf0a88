import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import crypto from 'node:crypto';
import { cspHashes } from '@vitejs/plugin-legacy';
import { describe, expect, it } from 'vitest';
import { MODERN_ENTRY_PREFIX, avoidTypeofBigint, rewritePage } from './legacy-bundle';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64');

describe('the legacy bundle build step (issue 14)', () => {
  it("rewrites typeof comparisons with 'bigint' so V8 6.3/6.4 do not crash optimising them", () => {
    expect(avoidTypeofBigint('if(typeof r==`bigint`)a();')).toBe('if(typeof r==("big"+"int"))a();');
    expect(avoidTypeofBigint('x=typeof e.value!=="bigint"')).toBe('x=typeof e.value!==("big"+"int")');
    expect(avoidTypeofBigint("y='bigint'===typeof(n)")).toBe('y=("big"+"int")===typeof (n)');
    // Anything else stays as it was.
    expect(avoidTypeofBigint('typeof r==`string`&&"bigint"')).toBe('typeof r==`string`&&"bigint"');
  });

  it('modern entries start with ES2020 syntax, which Chromium 63–79 cannot parse', () => {
    expect(MODERN_ENTRY_PREFIX).toMatch(/\?\.|\?\?/);
    expect(MODERN_ENTRY_PREFIX).toContain('window.__vite_is_modern_browser=');
  });

  it("replaces plugin-legacy's inline module scripts with the loader file and keeps its nomodule scripts", () => {
    // The plugin's inline scripts are known by their CSP hashes; any other inline script fails the build.
    const systemImport = "System.import(document.getElementById('vite-legacy-entry').getAttribute('data-src'))";
    expect(cspHashes).toContain(sha256(systemImport));
    const html = `<html><head><script type="module" src="/assets/index-A.js"></script></head><body><script nomodule id="vite-legacy-entry" data-src="/x.js">${systemImport}</script></body></html>`;
    expect(rewritePage(html, '/assets/legacy-loader-X.js')).toBe(html);
    expect(() => rewritePage('<head><script>alert(1)</script></head>', '/l.js')).toThrow(/refused by the CSP/);
    expect(() => rewritePage('<head><script type="module">import "x"</script></head>', '/l.js')).toThrow(
      /refused by the CSP/,
    );
  });

  it('the contract declares no bigint schema (legacy-polyfills/bigint.js lets numbers stand in)', () => {
    const dir = fileURLToPath(new URL('../../../packages/contract/src', import.meta.url));
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/\bz\.(bigint|int64|uint64)\(|\.bigint\(\)|BigInt\(/);
    }
  });
});
