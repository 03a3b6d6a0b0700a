import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // `.only` would skip every other test silently: refused locally as in CI.
    allowOnly: false,
    // One embedded PostgreSQL for the run; every test file gets its own fresh database.
    globalSetup: ['tests/setup/global-db.ts'],
    setupFiles: ['tests/setup/file-db.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
