// Writes the OpenAPI document of the routes to apps/api/openapi.json
// (`npm run openapi`), so contract changes show up in review (DESIGN §3).
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig, REPO_ROOT } from './config.js';
import { openPglite } from './db/client.js';

export const OPENAPI_FILE = path.join(REPO_ROOT, 'apps/api/openapi.json');

export async function generateOpenApi(): Promise<string> {
  const db = await openPglite(null);
  try {
    const app = await buildApp({ config: loadConfig({}), db, logger: false });
    await app.ready();
    const doc = JSON.stringify(app.swagger(), null, 2) + '\n';
    await app.close();
    return doc;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(OPENAPI_FILE, await generateOpenApi());
  console.log(`wrote ${OPENAPI_FILE}`);
}
