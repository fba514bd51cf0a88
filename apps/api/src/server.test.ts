import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.js';

// The real process: configuration errors, readiness, and a graceful stop
// that lets in-flight requests finish and closes the embedded database.

const SERVER = path.join(REPO_ROOT, 'apps/api/src/server.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', SEED_DEMO: 'off', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Sends a GET and resolves once the request is fully written, with its eventual status. */
function sendGet(port: number, pathname: string): Promise<{ status: Promise<number> }> {
  return new Promise((resolveSent, rejectSent) => {
    let resolveStatus!: (n: number) => void;
    let rejectStatus!: (e: Error) => void;
    const status = new Promise<number>((res, rej) => {
      resolveStatus = res;
      rejectStatus = rej;
    });
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolveStatus(res.statusCode ?? 0));
    });
    req.on('error', (error) => {
      rejectStatus(error);
      rejectSent(error);
    });
    req.on('finish', () => resolveSent({ status }));
  });
}

async function waitReady(port: number, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('server process', { timeout: 180_000 }, () => {
  it('refuses a bad configuration value, naming the variable', async () => {
    const s = start({ PORT: 'abc' });
    running.push(s.child);
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('PORT');
    expect(s.output()).toContain("got 'abc'");
  });

  it('serves, then stops cleanly on SIGTERM with in-flight requests answered', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-server-'));
    const port = await freePort();
    const s = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    running.push(s.child);
    try {
      await waitReady(port);
      expect(fs.existsSync(path.join(dataDir, 'bosphorus.lock'))).toBe(true);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);

      // Requests on the wire when SIGTERM arrives are all answered.
      const sent = await Promise.all(Array.from({ length: 20 }, () => sendGet(port, '/api/series?page=1')));
      s.child.kill('SIGTERM');
      const statuses = await Promise.all(sent.map((r) => r.status));
      expect(statuses.every((status) => status === 200)).toBe(true);

      expect(await s.exited).toBe(0);
      expect(s.output()).toContain('stopped cleanly');
      // The database was closed: the lock is released and the folder reopens.
      expect(fs.existsSync(path.join(dataDir, 'bosphorus.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('will not open an embedded database folder another live process holds', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-lock-'));
    fs.writeFileSync(path.join(dataDir, 'bosphorus.lock'), String(process.pid));
    try {
      const s = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
      running.push(s.child);
      expect(await s.exited).not.toBe(0);
      expect(s.output()).toContain(`in use by process ${process.pid}`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
