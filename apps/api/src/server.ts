import { pathToFileURL } from 'node:url';
import { buildApp } from './app.js';
import { loadConfigOrExit, type Config } from './config.js';
import type { Db } from './db/client.js';
import { openDatabase } from './db/open.js';

// The process: configuration, database, listen, graceful shutdown.

const SHUTDOWN_GRACE_MS = 500;

export interface RunningServer {
  config: Config;
  db: Db;
  app: Awaited<ReturnType<typeof buildApp>>;
}

/**
 * Opens the database, builds the app, listens, and stops cleanly on SIGTERM
 * or SIGINT (exiting the process). Exits with a message on a bad
 * configuration. The browser suite's server (e2e/support/serve.ts) starts
 * the site through this too.
 */
export async function runServer(): Promise<RunningServer> {
  const config = loadConfigOrExit(1);

  const db = await openDatabase(config, (msg) => console.log(msg));
  const lifecycle = { shuttingDown: false };
  const app = await buildApp({ config, db, lifecycle });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      // /readyz answers 503 at once so a load balancer stops sending; during
      // the grace period requests already on the wire are still served.
      lifecycle.shuttingDown = true;
      await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS));
      // Stops accepting connections, lets in-flight requests finish
      // (new ones on kept-alive sockets get 503), then closes the database.
      await app.close();
      await db.close();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await db.close();
    process.exit(1);
  }
  app.log.info(`Bosphorus is serving ${config.publicUrl}`);
  return { config, db, app };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void runServer();
