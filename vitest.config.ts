import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['scripts/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // PGlite's first open of a data folder takes seconds; integration tests start real servers.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: keep the parallelism modest so PGlite instances don't starve each other.
    maxWorkers: 2,
    env: { CONTENT_CONSOLE_QUIET: '1' },
  },
});
