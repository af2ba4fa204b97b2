import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  // Brotli and gzip copies of the scripts, styles, HTML and JSON, made once here at the highest
  // levels and sent as they are by the server (preCompressed in apps/server/src/plugins/console.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  server: {
    port: 5173,
    // The API server runs beside the dev server; same-origin /api keeps cookies and CORS out of the way.
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The contracts' modules only declare schemas and constants: one the sign-in page does
      // not use is left out of its chunks, and so is zod's weight behind it.
      treeshake: {
        moduleSideEffects: (id) => (/packages[\\/]contracts[\\/]src[\\/]/.test(id) ? false : undefined),
      },
      output: {
        // Vendor chunks change rarely, so browsers keep them cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // Everything else the entry imports (the sign-in page, its MUI components, i18next,
            // the query client): one file rather than dozens, all preloaded by index.html.
            { name: 'app', tags: ['$initial'], priority: 1 },
            // The data grid and date pickers stay in the lazy chunks of the pages that use them.
          ],
        },
      },
    },
  },
});
