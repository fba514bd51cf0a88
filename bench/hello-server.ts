import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// The throughput baseline (DESIGN §6): a bare Fastify hello-world, no
// plugins, the same Fastify the API uses (resolved from apps/api), run as
// its own process like the real server.

const requireFromApi = createRequire(new URL('../apps/api/package.json', import.meta.url));
const { default: Fastify } = (await import(
  pathToFileURL(requireFromApi.resolve('fastify')).href
)) as typeof import('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
