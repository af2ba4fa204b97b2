// `npm start`: build the console and the server if needed, then run the built server in this
// very process (migrate, seed the demo data on an empty embedded database, serve console and
// API): no parent process stays around, so SIGTERM reaches the server and shuts it down.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfNeeded, MAIN_JS } from '../apps/server/scripts/build.mjs';
import { buildConsoleIfNeeded } from './build-console.mjs';

const root = path.resolve(import.meta.dirname, '..');
// CONSOLE_DIR set: the operator serves a console built elsewhere.
if (!process.env.CONSOLE_DIR) buildConsoleIfNeeded();
await buildServerIfNeeded();
process.env.DATA_DIR ??= path.join(root, 'data');
// Stack traces point at the TypeScript sources (dist/*.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(MAIN_JS).href);
