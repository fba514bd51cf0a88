import os from 'node:os';
import autocannon from 'autocannon';

// One load run with autocannon against 127.0.0.1. Latencies are recorded per
// response (autocannon's own histogram has no p95), so percentiles are exact.

export interface LoadOptions {
  url: string;
  /** Paths requested in turn by every connection (rotating search terms). */
  paths: string[];
  /** A POST form body sent with every request (e.g. a sign-in). */
  form?: Record<string, string>;
  /** Extra request headers (e.g. a signed-in viewer's Authorization). */
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers plus connection errors and timeouts: must be 0. */
  bad: number;
  /** Raw latencies (ms), for pooling several rounds of one scenario. */
  latencies: Float64Array;
  /** The machine's 1-minute load average at the end: other work skews the figures. */
  load: number;
  /** Bytes received (headers and bodies), when the run counted them. */
  bytes?: number;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarise(latencies: Float64Array[], requests: number, seconds: number, bad: number): LoadResult {
  const total = latencies.reduce((n, l) => n + l.length, 0);
  const all = new Float64Array(total);
  let at = 0;
  for (const l of latencies) {
    all.set(l, at);
    at += l.length;
  }
  all.sort();
  return {
    requests,
    seconds,
    rps: seconds > 0 ? requests / seconds : 0,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    bad,
    latencies: all,
    load: os.loadavg()[0]!,
  };
}

/** What a browser (and most HTTP client libraries) sends: a server may answer compressed. */
export const LOAD_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' } as const;

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  let samples = new Float64Array(1 << 16);
  let count = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.durationSeconds,
        requests: opts.paths.map((path) =>
          opts.form
            ? { method: 'POST' as const, path, body: new URLSearchParams(opts.form).toString() }
            : { method: 'GET' as const, path },
        ),
        headers: {
          ...LOAD_HEADERS,
          ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...opts.headers,
        },
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      if (count === samples.length) {
        const bigger = new Float64Array(samples.length * 2);
        bigger.set(samples);
        samples = bigger;
      }
      samples[count++] = ms;
    });
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { ...summarise([samples.subarray(0, count)], count, result.duration, bad), bytes: result.throughput.total };
}
