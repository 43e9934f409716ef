import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/api/support/temp-root.ts', 'test/api/support/postgres-template.ts'],
    setupFiles: ['test/api/support/close-test-databases.ts'],
    // Image processing on two shared cores can be slow; this is a hang guard, not a speed check.
    testTimeout: 60_000,
    // Hooks close servers and PostgreSQL pools, and the end of a PostgreSQL run drops its databases (hundreds, the
    // authorization matrix's alone some 300), each drop waiting for a checkpoint that a busy disk makes take seconds:
    // hang guards too, not the default 10 s.
    hookTimeout: 300_000,
    teardownTimeout: 300_000,
  },
});
