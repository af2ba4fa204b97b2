// The XLSX worker thread when the server runs from its TypeScript source (tests, `npm run dev`):
// a worker does not inherit the loader, so tsx imports the worker's module. The built server
// starts dist/xlsx-worker.js instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./xlsx-worker.ts', import.meta.url);
