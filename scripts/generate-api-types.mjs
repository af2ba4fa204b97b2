// `npm run generate:api`: writes the clients' endpoint types (packages/contracts/src/generated/
// openapi.ts) from the OpenAPI document the server app builds (apps/server/src/api-types.ts).
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const { API_TYPES_FILE, apiTypesSource, openApiDocument } = await import('../apps/server/src/api-types.ts');
const source = await apiTypesSource(await openApiDocument());
fs.mkdirSync(path.dirname(API_TYPES_FILE), { recursive: true });
fs.writeFileSync(API_TYPES_FILE, source);
console.log(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
