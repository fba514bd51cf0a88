import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { buildTestApp, describeEachDatabase } from '../../../test/harness.js';

function httpGet(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // A new connection, as a load balancer's probe would open.
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describeEachDatabase('health', (t) => {
  it('GET /healthz answers 200 {status: ok}', async () => {
    const app = await buildTestApp(t.db);
    try {
      const res = await app.inject('/healthz');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });

  it('GET /readyz answers 200 while the database answers', async () => {
    const app = await buildTestApp(t.db);
    try {
      const res = await app.inject('/readyz');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready' });
    } finally {
      await app.close();
    }
  });

  it('GET /readyz answers 503 once shutdown has started', async () => {
    const app = await buildTestApp(t.db);
    let during: { status: number; body: string } | null = null;
    // Runs after the app's own preClose hook: shutdown has started, the
    // listening socket still accepts connections.
    app.addHook('preClose', async () => {
      during = await httpGet((app.server.address() as AddressInfo).port, '/readyz');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const before = await httpGet((app.server.address() as AddressInfo).port, '/readyz');
    expect(before.status).toBe(200);
    await app.close();
    expect(during).not.toBeNull();
    expect(during!.status).toBe(503);
  });

  it('GET /readyz answers 503 {status} when the database does not answer', async () => {
    // The suite's real database, with its connection gone.
    const down: Db = {
      ...t.db,
      query: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    };
    const app = await buildTestApp(down);
    try {
      const res = await app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'database unavailable' });
      // Liveness does not depend on the database.
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
