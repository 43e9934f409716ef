import { defineConfig } from 'vitest/config';

// End-to-end tests start real servers and browsers: one file at a time on these two-core machines.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
