import type { Config } from '../config.js';
import { openPglite, openPostgres, type Db } from './client.js';
import { migrate } from './migrate.js';
import { seedDemo } from './seed/seed-demo.js';

/** Opens the configured database, applies migrations and, if asked, the demo seed. */
export async function openDatabase(config: Config, log: (msg: string) => void = () => {}): Promise<Db> {
  const db = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    const applied = await migrate(db);
    if (applied.length) log(`database: applied ${applied.join(', ')}`);
    if (config.seedDemo && (await seedDemo(db))) log('database: demo catalogue seeded');
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
