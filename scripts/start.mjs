// `npm start`: build the console, the members' pages and the server if needed, then run the
// built server in this very process (migrate, seed the demo data on an empty embedded database,
// serve console, members' pages and API): no parent process stays around, so SIGTERM reaches
// the server and shuts it down.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfNeeded, MAIN_JS } from '../apps/server/scripts/build.mjs';
import { buildWebAppsIfNeeded } from './build-console.mjs';

const root = path.resolve(import.meta.dirname, '..');
// CONSOLE_DIR or PORTAL_DIR set: the operator serves that app built elsewhere.
buildWebAppsIfNeeded();
await buildServerIfNeeded();
process.env.DATA_DIR ??= path.join(root, 'data');
// Stack traces name the readable bundle (dist/main.js). Mapping them to the TypeScript sources
// (NODE_OPTIONS=--enable-source-maps) makes Node load every module's source map at start: about
// 10 MB more held for as long as the server runs, on an idle footprint of under 150 MB.
await import(pathToFileURL(MAIN_JS).href);
