import net from 'node:net';

/**
 * The first free loopback port from `from` (an uncommon one): several people
 * run the browser suites on one machine at once, each on its own ports.
 */
export async function freePort(from: number): Promise<number> {
  for (let candidate = from; candidate < from + 50; candidate++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
  throw new Error(`no free port from ${from} to ${from + 49}; set E2E_PORT`);
}
