import { afterAll } from 'vitest';

// vitest set-up file: on PostgreSQL, each API test file leaves no connection behind (the run drops its databases at
// the end). SQLite's are in memory; unit tests skip loading the database code.
if (process.env.TEST_DATABASE === 'postgres') afterAll(async () => (await import('./test-database')).closeTestDatabases());
