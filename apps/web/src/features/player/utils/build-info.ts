// Build facts for issue reports (spec §3 Issue report: build_timestamp,
// build_hash), written in by Vite's `define` at build time (vite.config.ts).
// Tests and the dev server without them say 'unknown'.

declare const __BUILD_TIMESTAMP__: string | undefined;
declare const __BUILD_HASH__: string | undefined;

export const BUILD_TIMESTAMP: string = typeof __BUILD_TIMESTAMP__ === 'string' ? __BUILD_TIMESTAMP__ : 'unknown';
export const BUILD_HASH: string = typeof __BUILD_HASH__ === 'string' ? __BUILD_HASH__ : 'unknown';
