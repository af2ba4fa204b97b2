/** The clients' endpoint types in the contracts package are those the app's OpenAPI document gives. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource, openApiDocument } from './api-types.ts';

describe('the generated endpoint types (@portiere/contracts/openapi)', () => {
  it('are up to date with the routes', async () => {
    const fresh = await apiTypesSource(await openApiDocument());
    const committed = fs.existsSync(API_TYPES_FILE) ? fs.readFileSync(API_TYPES_FILE, 'utf8') : '';
    if (committed !== fresh)
      expect.fail(`${API_TYPES_FILE} does not match the routes' OpenAPI document: run npm run generate:api`);
  });
});
