#!/usr/bin/env node
// The `portiere` CLI: builds the server to JavaScript when needed, then runs dist/cli.js in
// this process (no TypeScript loader, no child process).
import { pathToFileURL } from 'node:url';
import { buildServerIfNeeded, CLI_JS } from '../scripts/build.mjs';

await buildServerIfNeeded();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(CLI_JS).href);
