import { defineConfig } from 'vitest/config';

// End-to-end tests start real servers and browsers: one file at a time on these two-core machines.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // The run's temp folder, where test pictures are made once for every file (test/support/pictures.ts).
    globalSetup: ['test/api/support/temp-root.ts'],
    // A hang guard too: viewer-sizes' dialogs at three sizes took over 120 s at load average 18.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // What a page shows after a click or a message can take seconds with the machine's load at 20–35 (the whole suite
    // and other work on two cores): expect.poll's 1 s default failed tests that then passed. A hang guard, not a speed
    // check: a poll ends as soon as its check holds.
    expect: { poll: { timeout: 30_000 } },
  },
});
