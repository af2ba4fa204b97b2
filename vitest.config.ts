import { defineConfig } from 'vitest/config';

/**
 * One vitest run, its projects: the repository's scripts, pure contracts, the API server (node), the workstation
 * client, the console and the members' pages (jsdom), and the start-up bound.
 */
export default defineConfig({
  test: {
    // Two cores: one test file per core; each server file owns its database.
    maxWorkers: 2,
    projects: [
      // The repository's own scripts (scripts/*.test.mjs: the import checker).
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['*.test.mjs'] } },
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: ['src/start.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The reference workstation client, built and run as a process against the real server (and PAM).
      {
        test: {
          name: 'workstation',
          root: 'apps/workstation',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/console/vitest.config.ts',
      'apps/portal/vitest.config.ts',
      // The start-up time bound holds on an idle machine: npm test runs this project alone.
      {
        test: {
          name: 'startup',
          root: 'apps/server',
          environment: 'node',
          include: ['src/start.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
