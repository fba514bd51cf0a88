import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// The media baseline (decision 0006, media): the same files our server gives
// behind a playback token, served by a bare Fastify with @fastify/static and
// no check at all — the API's own Fastify and @fastify/static (resolved from
// apps/api), its default options, its own process like the real server.
//
//   GET /media/<path below MEDIA_DIR>

const requireFromApi = createRequire(new URL('../apps/api/package.json', import.meta.url));
const load = async <T>(name: string) => (await import(pathToFileURL(requireFromApi.resolve(name)).href)) as T;
const { default: Fastify } = await load<typeof import('fastify')>('fastify');
const { default: fastifyStatic } = await load<typeof import('@fastify/static')>('@fastify/static');

const root = process.env.MEDIA_DIR;
if (!root) throw new Error('MEDIA_DIR is required');

const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root, prefix: '/media/' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
