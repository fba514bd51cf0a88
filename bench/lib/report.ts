// Formatting of the bench report: one table of measurements, one of goals.

export type Status = 'PASS' | 'FAIL' | 'SKIP' | 'INFO';

export interface Measurement {
  section: string;
  scenario: string;
  /** Where it ran: baseline, PGlite, PostgreSQL… */
  target: string;
  rps?: number;
  /** Megabytes (10^6 bytes) a second received, where the bytes matter (media). */
  mbps?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  bad?: number;
  /** Throughput relative to the hello-world baseline of the same run. */
  ratio?: number;
  /** 1-minute load average of the machine when the run ended. */
  load?: number;
}

export interface Goal {
  id: string;
  description: string;
  measured: string;
  limit: string;
  status: Status;
  reason?: string;
}

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '' : v < 10 ? v.toFixed(2) : v.toFixed(1));

function table(head: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function measurementsTable(rows: Measurement[]): string {
  return table(
    ['section', 'scenario', 'target', 'req/s', 'MB/s', 'p50 ms', 'p95 ms', 'p99 ms', '×hello', 'non-2xx', 'load'],
    rows.map((r) => [
      r.section,
      r.scenario,
      r.target,
      r.rps === undefined ? '' : Math.round(r.rps).toLocaleString('en-US'),
      r.mbps === undefined ? '' : r.mbps.toFixed(1),
      ms(r.p50),
      ms(r.p95),
      ms(r.p99),
      r.ratio === undefined ? '' : `${(r.ratio * 100).toFixed(1)}%`,
      r.bad === undefined ? '' : String(r.bad),
      r.load === undefined ? '' : r.load.toFixed(1),
    ]),
    new Set([3, 4, 5, 6, 7, 8, 9, 10]),
  );
}

export function goalsTable(goals: Goal[]): string {
  return table(
    ['result', 'goal', 'measured', 'limit'],
    goals.map((g) => [g.status, g.description, g.measured + (g.reason ? ` (${g.reason})` : ''), g.limit]),
    new Set(),
  );
}
