import { afterAll } from 'vitest';

// vitest set-up file: on PostgreSQL, each API test file leaves no database or connection behind. (SQLite's are in
// memory; unit tests skip loading the database code.)
if (process.env.TEST_DATABASE === 'postgres') afterAll(async () => (await import('./test-database')).closeTestDatabases());
