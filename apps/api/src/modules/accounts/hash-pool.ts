import os from 'node:os';
import { Worker } from 'node:worker_threads';

// Password hashing off the event loop, in a few low-priority threads
// (hash-worker.mjs). Each argon2id job holds 19 MiB and ~20 ms of a core:
// the pool bounds both (one job per thread, the rest wait in order), and
// the threads' low CPU priority keeps the site responsive for everyone else
// during a sign-in flood (decision 0014).

interface Job {
  id: number;
  op: 'hash' | 'verify';
  password: string;
  stored?: string;
  options?: object;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class HashPool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Job[] = [];
  private readonly running = new Map<Worker, Job>();
  private nextId = 1;

  constructor(readonly size: number) {}

  private spawn(): Worker {
    const worker = new Worker(new URL('./hash-worker.mjs', import.meta.url), {
      workerData: { nice: HASH_THREAD_NICE },
    });
    worker.on('message', (msg: { id: number; result: unknown; error?: string }) => {
      const job = this.running.get(worker);
      this.running.delete(worker);
      if (job && job.id === msg.id) {
        if (msg.error) job.reject(new Error(msg.error));
        else job.resolve(msg.result);
      }
      this.release(worker);
    });
    worker.on('error', (error) => {
      const job = this.running.get(worker);
      this.running.delete(worker);
      job?.reject(error);
      this.all.splice(this.all.indexOf(worker), 1);
      this.pump();
    });
    // A thread keeps the process alive only while it has a job (pump): an
    // idle pool never does, so a script that hashed a password (the bench's
    // in-process server) exits when its work is done. Its listeners re-ref
    // the thread as they are added, so this comes after them.
    worker.unref();
    this.all.push(worker);
    return worker;
  }

  private release(worker: Worker) {
    worker.unref();
    this.idle.push(worker);
    this.pump();
  }

  private pump() {
    while (this.queue.length) {
      const worker = this.idle.pop() ?? (this.all.length < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const job = this.queue.shift()!;
      this.running.set(worker, job);
      worker.ref();
      worker.postMessage({ id: job.id, op: job.op, password: job.password, stored: job.stored, options: job.options });
    }
  }

  private submit<T>(op: Job['op'], fields: Pick<Job, 'password' | 'stored' | 'options'>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, op, ...fields, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  hash(password: string, options: object): Promise<string> {
    return this.submit<string>('hash', { password, options });
  }

  verify(stored: string, password: string): Promise<boolean> {
    return this.submit<boolean>('verify', { password, stored });
  }

  /** For tests and the bench: jobs on a thread and jobs waiting. */
  get stats() {
    return { active: this.running.size, waiting: this.queue.length, threads: this.all.length };
  }

  async close() {
    await Promise.all(this.all.splice(0).map((w) => w.terminate()));
    this.idle.length = 0;
  }
}

/**
 * The threads' nice value: low enough that browsing gets the CPU first
 * during a sign-in flood, high enough that sign-ins still finish in seconds
 * instead of starving (decision 0014, with the runs behind the value).
 */
export const HASH_THREAD_NICE = 10;

/** Up to 4 threads, never more than the machine's cores. */
export const HASH_THREADS = Math.max(1, Math.min(4, os.availableParallelism()));
