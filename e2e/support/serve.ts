import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { runAdmin } from '../../apps/api/src/cli/admin.js';
import { runServer } from '../../apps/api/src/server.js';
import { refreshCatalogueIndex } from '../../apps/api/src/db/seed/catalogue-index.js';
import { insertCatalogue } from '../../apps/api/src/db/seed/seed-demo.js';
import { catalogue, episodes, insertUser, movie, series, setVideoClip } from '../../apps/api/test/factories.js';
import { startOidcProvider } from '../../apps/api/test/oidc.js';
import { startSmtpCatcher } from '../../apps/api/test/smtp.js';

// The browser suite's server (playwright.config.ts webServer): a real SMTP
// server on loopback whose mails are written to the run's folder (tests read
// codes and reset links from there), a real OpenID provider standing in for
// Google, the site itself configured to use both, and the operators' admin
// commands on a loopback control port (E2E_CONTROL_PORT), since the
// embedded database belongs to this one process.

const runDir = process.env.BOSPHORUS_E2E_RUN_DIR;
if (!runDir) throw new Error('BOSPHORUS_E2E_RUN_DIR is not set');
const mailDir = path.join(runDir, 'mail');
fs.mkdirSync(mailDir, { recursive: true });

let count = 0;
const smtp = await startSmtpCatcher({
  onMail: (mail) => {
    const file = path.join(mailDir, `${Date.now()}-${String(++count).padStart(4, '0')}.json`);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
    fs.renameSync(`${file}.tmp`, file);
  },
});
const publicUrl = process.env.PUBLIC_URL!;
const oidc = await startOidcProvider(`${publicUrl}/api/auth/google/callback`);

process.env.SMTP_URL = smtp.url;
process.env.GOOGLE_CLIENT_ID = oidc.clientId;
process.env.GOOGLE_CLIENT_SECRET = oidc.clientSecret;
process.env.GOOGLE_ISSUER = oidc.issuer;

process.once('exit', () => {
  void smtp.close();
  void oidc.close();
});

const { db } = await runServer();

// POST /admin with a JSON array of arguments, e.g. ["ban", "a@b.c"]: the
// operators' commands. Test support only, not product commands:
// POST /expire-plan with {"email"} — the account's plan ends now, as it would
// when its period runs out (its end moves a minute into the past), so the
// suite can meet a lapsed plan without waiting a day for one;
// POST /create-user with {"name", "email", "password", "verified"} — an
// account as registration stores it (argon2id hash; the e-mail confirmed
// unless `verified` is false), for the tests whose subject is not sign-up
// (support/session.ts signs it in through the API).
async function expirePlan(email: string): Promise<{ code: number; out: string[] }> {
  const rows = await db.query<{ id: number }>(
    `UPDATE subscriptions SET current_period_end = now() - interval '1 minute', updated_at = now()
     WHERE user_id = (SELECT id FROM users WHERE lower(email) = lower($1))
       AND current_period_end > now() - interval '1 minute'
     RETURNING id`,
    [email],
  );
  return rows.length
    ? { code: 0, out: [`${rows.length} plan(s) of ${email} ended`] }
    : { code: 1, out: [`no plan of ${email}`] };
}

interface NewUser {
  name: string;
  email: string;
  password: string;
  verified: boolean;
}
async function createUser(user: NewUser): Promise<{ code: number; out: string[] }> {
  const { id } = await insertUser(db, user);
  return { code: 0, out: [String(id)] };
}

// POST /new-movie with {"title"}: a published movie with no media yet, for
// the console's media ingest (admin-ingest.spec.ts); prints its id.
async function newMovie({ title }: { title: string }): Promise<{ code: number; out: string[] }> {
  await db.transaction((tx) => insertCatalogue(tx, catalogue({ movies: [movie({ title })] })));
  await refreshCatalogueIndex(db);
  const [row] = await db.query<{ id: number }>('SELECT id FROM movies WHERE title = $1', [title]);
  // The pictures of a demo movie: files that exist at every width the pages
  // ask for (the factory's names have none, and other specs' pages would
  // log the 404s of this movie's poster in the lists).
  await db.query(
    `UPDATE movies SET image = d.image, cover = d.cover
     FROM (SELECT image, cover FROM movies WHERE id <> $1 AND image <> '' ORDER BY id LIMIT 1) d
     WHERE movies.id = $1`,
    [row!.id],
  );
  await setVideoClip(db, 'movie', row!.id, null);
  return { code: 0, out: [String(row!.id)] };
}

// POST /new-series with {"title"}: a published series of one season with
// two episodes playing the demo clip 'ferry', for tests that give an
// episode markers (skip-markers.spec.ts) without touching the demo
// catalogue's episodes other specs watch; prints the episodes' ids.
async function newSeries({ title }: { title: string }): Promise<{ code: number; out: string[] }> {
  const seasons = [{ number: 1, title: 'Season 1', episodes: episodes(2, 2024, false) }];
  await db.transaction((tx) => insertCatalogue(tx, catalogue({ series: [series({ title, seasons })] })));
  await refreshCatalogueIndex(db);
  const [row] = await db.query<{ id: number }>('SELECT id FROM series WHERE title = $1', [title]);
  // The pictures of a demo series and episode (files that exist at every width).
  await db.query(
    `UPDATE series SET image = d.image, cover = d.cover
     FROM (SELECT image, cover FROM series WHERE id <> $1 AND image <> '' ORDER BY id LIMIT 1) d
     WHERE series.id = $1`,
    [row!.id],
  );
  await db.query(
    `UPDATE episodes SET image = d.image
     FROM (SELECT image FROM episodes WHERE series_id <> $1 AND image <> '' ORDER BY id LIMIT 1) d
     WHERE episodes.series_id = $1`,
    [row!.id],
  );
  const ids = await db.query<{ id: number }>('SELECT id FROM episodes WHERE series_id = $1 ORDER BY episode_number', [
    row!.id,
  ]);
  for (const e of ids) await setVideoClip(db, 'episode', Number(e.id), 'ferry');
  return { code: 0, out: ids.map((e) => String(e.id)) };
}

// POST /hold-recommendations with {"movieId", "ms"}: the movie's next
// Recommended answer waits `ms` in the database first, as a loaded database
// would make it, so a test can watch the page's shell arrive without it and
// the row streamed in after (decision 0146). Test support only: the query is
// told by its text, the recommendations' (catalogue.repository.ts).
const heldRecommendations = new Map<number, number>();
const query = db.query.bind(db);
db.query = (async (sql: string, params?: unknown[]) => {
  const movieId = Number(params?.[0]);
  const ms = /movie_genres a JOIN movie_genres b/.test(sql) ? heldRecommendations.get(movieId) : undefined;
  if (ms !== undefined) {
    heldRecommendations.delete(movieId);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
  return query(sql, params);
}) as typeof db.query;
async function holdRecommendations({ movieId, ms }: { movieId: number; ms: number }) {
  heldRecommendations.set(movieId, ms);
  return { code: 0, out: [] };
}

const routes: Record<string, (body: string) => Promise<{ code: number; out: string[] }>> = {
  '/hold-recommendations': (body) => holdRecommendations(JSON.parse(body) as { movieId: number; ms: number }),
  '/new-series': (body) => newSeries(JSON.parse(body) as { title: string }),
  '/admin': (body) => runAdmin(db, JSON.parse(body) as string[]),
  '/expire-plan': (body) => expirePlan((JSON.parse(body) as { email: string }).email),
  '/create-user': (body) => createUser(JSON.parse(body) as NewUser),
  '/new-movie': (body) => newMovie(JSON.parse(body) as { title: string }),
};

const control = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    void (async () => {
      try {
        const route = routes[req.url ?? ''];
        if (!route) {
          res.statusCode = 404;
          res.end(`no control route ${req.url}`);
          return;
        }
        const result = await route(body);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(result));
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });
});
control.listen(Number(process.env.E2E_CONTROL_PORT), '127.0.0.1');
control.unref();
