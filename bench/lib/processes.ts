import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

// Child processes of the bench: every server runs as its own process on a
// free port, is awaited on a health URL, and is always stopped again — on
// success, on failure and on Ctrl-C (see cleanup below).

const cleanups = new Set<() => Promise<void> | void>();

/** Registers an undo step; run by runCleanups (finally and signal handlers). */
export function onCleanup(fn: () => Promise<void> | void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

export async function runCleanups() {
  // Last registered first: servers stop before their database is dropped.
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    try {
      await fn();
    } catch (error) {
      console.error('cleanup failed:', error instanceof Error ? error.message : error);
    }
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** Arguments to `node`. */
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  port: number;
  /** Path answering 200 once the server can take traffic. */
  readyPath: string;
  readyTimeoutMs?: number;
}

const OUTPUT_TAIL_CHARS = 4_000;

/** Starts `node …args`, waits for readyPath to answer 200, and registers its stop. */
export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, opts.args, {
    cwd: opts.cwd,
    env: opts.env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = () => stopChild(child, exited);
  const unregister = onCleanup(stop);
  const server: ServerProcess = {
    name: opts.name,
    url,
    pid: child.pid!,
    async stop() {
      unregister();
      await stop();
    },
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 180_000);
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      unregister();
      throw new Error(`${opts.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(url + opts.readyPath, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return server;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  await server.stop();
  throw new Error(
    `${opts.name} not ready after ${(opts.readyTimeoutMs ?? 180_000) / 1000} s (${lastError}):\n${output}`,
  );
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const gone = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!gone) {
    child.kill('SIGKILL');
    await exited;
  }
}
