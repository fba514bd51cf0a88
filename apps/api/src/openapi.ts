// Writes the OpenAPI document of the routes to apps/api/openapi.json
// (`npm run openapi`), so contract changes show up in review (DESIGN §3).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig, REPO_ROOT } from './config.js';
import { openPglite } from './db/client.js';

export const OPENAPI_FILE = path.join(REPO_ROOT, 'apps/api/openapi.json');

export async function generateOpenApi(): Promise<string> {
  const db = await openPglite(null);
  try {
    // Throwaway secrets: the document does not depend on them, and nothing is
    // written to DATA_DIR.
    const secrets = { jwtSecret: randomBytes(32).toString('hex'), altchaHmacKey: randomBytes(32).toString('hex') };
    // A throwaway data folder too: building the app creates its uploads folder.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-openapi-'));
    try {
      const app = await buildApp({ config: { ...loadConfig({}), dataDir }, db, logger: false, secrets });
      await app.ready();
      const doc = JSON.stringify(app.swagger(), null, 2) + '\n';
      await app.close();
      return doc;
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(OPENAPI_FILE, await generateOpenApi());
  console.log(`wrote ${OPENAPI_FILE}`);
}
