/**
 * Process entry: loading this file starts the server (`node dist/main.js`, `npm start`).
 * Nothing imports it; the CLI imports serve.ts, so bundling both cannot start it twice.
 */
import { serve } from './serve.ts';

serve().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
