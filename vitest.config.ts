import { defineConfig } from 'vitest/config';

/** One vitest run, three projects: pure contracts, the API server (node), the console (jsdom). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      'apps/console/vitest.config.ts',
    ],
  },
});
