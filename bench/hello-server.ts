import fs from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// The throughput baseline (DESIGN §6): a bare Fastify hello-world, no
// plugins, the same Fastify the API uses (resolved from apps/api), run as
// its own process like the real server.
//
// With ANSWER_FILE (a JSON file: { headers, body } with the body in base64)
// it answers every request with those exact headers and bytes instead: the
// pages section's "same bytes" figure, what the load client reaches on a
// page of that size when the server does no work at all.

const requireFromApi = createRequire(new URL('../apps/api/package.json', import.meta.url));
const { default: Fastify } = (await import(
  pathToFileURL(requireFromApi.resolve('fastify')).href
)) as typeof import('fastify');

const app = Fastify({ logger: false });
const answerFile = process.env.ANSWER_FILE;
if (answerFile) {
  const answer = JSON.parse(fs.readFileSync(answerFile, 'utf8')) as { headers: Record<string, string>; body: string };
  const body = Buffer.from(answer.body, 'base64');
  app.get('/', (_req, reply) => reply.headers(answer.headers).send(body));
} else {
  app.get('/', async () => ({ hello: 'world' }));
}
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
