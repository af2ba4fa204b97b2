import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The members' pages: one small bundle served by the API server for /enroll/*, /signin/* and
 * /app/* (the smartphone app, a chunk of its own). Its files live under /portal/ so they never
 * clash with the console's /assets/.
 */
/**
 * In development, the members' addresses get the page as the server gives it (plugins/portal.ts),
 * and the app's worker and manifest under /app/ are the public/ files.
 */
const memberRoutes: Plugin = {
  name: 'portiere-member-routes',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? '';
      if (/^\/app\/(sw\.js|manifest\.webmanifest)$/.test(url)) req.url = url.replace(/^\/app\//, '/portal/');
      else if (/^\/(enroll|signin|app)\//.test(url)) req.url = '/portal/';
      next();
    });
  },
};

export default defineConfig({
  base: '/portal/',
  // Brotli and gzip copies made once here and sent as they are (apps/server/src/plugins/portal.ts).
  plugins: [memberRoutes, react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
