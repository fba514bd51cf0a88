import fs from 'node:fs';
import { expect, it } from 'vitest';
import { generateOpenApi, OPENAPI_FILE } from './openapi.js';

// DESIGN §3: the committed OpenAPI document is the routes' own; a contract
// change without `npm run openapi` fails here instead of slipping past review.
it('apps/api/openapi.json is what the routes generate (run npm run openapi)', async () => {
  expect(await generateOpenApi()).toBe(fs.readFileSync(OPENAPI_FILE, 'utf8'));
});
