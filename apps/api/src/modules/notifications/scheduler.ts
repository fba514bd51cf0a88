// The publishing scheduler: every instance runs one (decision 0023). Each
// run announces what became available since the last; instances never
// announce the same episode twice (SKIP LOCKED and the UNIQUE guard, see
// notifications.service.ts), so running N of them is safe and one suffices.

export interface Scheduler {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function startScheduler(opts: {
  intervalMs: number;
  run: () => Promise<unknown>;
  onError: (error: unknown) => void;
}): Scheduler {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    // A slow run (a database hiccup) is never overlapped by the next tick.
    if (running || stopped) return;
    running = opts
      .run()
      .then(() => undefined, opts.onError)
      .finally(() => {
        running = null;
      });
  };
  // Unref'd: the timer alone never keeps a process (a test, the CLI) alive.
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
