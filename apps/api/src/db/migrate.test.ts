import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, describeEachDatabase, TEST_DATABASE_URL } from '../../test/harness.js';
import { openPostgres, type Db } from './client.js';
import { migrate, MIGRATIONS_DIR } from './migrate.js';

// Forward-only migrations, the same files on PGlite and PostgreSQL, applied
// once each even when two instances start at the same moment.

const FILES = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

async function appliedNames(db: Db) {
  return (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);
}

it('names every migration NNNN_verb_object.sql', () => {
  expect(FILES.length).toBeGreaterThan(0);
  for (const file of FILES) expect(file).toMatch(/^\d{4}_[a-z0-9_]+\.sql$/);
});

describeEachDatabase('migrate on a migrated database', (t) => {
  it('applies nothing a second time', async () => {
    expect(await migrate(t.db)).toEqual([]);
    expect(await appliedNames(t.db)).toEqual(FILES);
  });

  it('leaves the catalogue tables and genres in place', async () => {
    const genres = await t.db.query<{ id: number }>('SELECT id FROM genres ORDER BY id');
    expect(genres.map((g) => g.id)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

// A fresh PGlite is migrated from nothing by test/global-setup.ts for every
// run (the template); PostgreSQL is checked here.
describe('migrate from an empty database', () => {
  it.runIf(TEST_DATABASE_URL)('applies every file once on a fresh PostgreSQL database, then nothing', async () => {
    const database = await createPostgresDatabase();
    const db = openPostgres(database.url, 2);
    try {
      expect(await migrate(db)).toEqual(FILES);
      expect(await migrate(db)).toEqual([]);
      expect(await appliedNames(db)).toEqual(FILES);
    } finally {
      await db.close();
      await database.drop();
    }
  });

  it.runIf(TEST_DATABASE_URL)('lets two instances migrate one PostgreSQL database at once', async () => {
    const database = await createPostgresDatabase();
    const first = openPostgres(database.url, 2);
    const second = openPostgres(database.url, 2);
    try {
      const [a, b] = await Promise.all([migrate(first), migrate(second)]);
      // One of them applied everything, the other found nothing to do.
      expect([...a, ...b].sort()).toEqual(FILES);
      expect([a.length, b.length].sort()).toEqual([0, FILES.length]);
      expect(await appliedNames(first)).toEqual(FILES);
      const [{ n } = { n: 0 }] = await first.query<{ n: number }>('SELECT count(*)::int AS n FROM genres');
      expect(n).toBe(10);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    }
  });
});
