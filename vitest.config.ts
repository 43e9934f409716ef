import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/api/support/temp-root.ts'],
    setupFiles: ['test/api/support/close-test-databases.ts'],
    // Image processing on two shared cores can be slow; this is a hang guard, not a speed check.
    testTimeout: 60_000,
  },
});
