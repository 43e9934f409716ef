import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStampOf, openDatabase, type Db } from '../../../../api/db/database';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

let dir: string;
let db: Db;
let stamp: () => string | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'commit-stamp-'));
  db = openDatabase(join(dir, 'tours.sqlite'));
  await sql`create table note (id integer primary key, text text)`.execute(db);
  stamp = commitStampOf(db)!;
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('the commit stamp of a SQLite file', () => {
  it('stays while only reads run, across turns', async () => {
    const before = stamp();
    await sql`select * from note`.execute(db);
    await sql`pragma user_version`.execute(db);
    await nextTurn();
    expect(stamp()).toBe(before);
  });

  it("changes at once, in the same turn, with this process's own writes, an insert that returns rows too", async () => {
    const before = stamp();
    expect((await sql`insert into note (text) values ('first') returning id`.execute(db)).rows).toHaveLength(1);
    const afterInsert = stamp();
    expect(afterInsert).not.toBe(before);
    await sql`update note set text = 'second'`.execute(db);
    expect(stamp()).not.toBe(afterInsert);
  });

  it("changes by the next turn with another connection's commit, as an operator command makes from its own process", async () => {
    const before = stamp();
    const other = openDatabase(join(dir, 'tours.sqlite'));
    try {
      await sql`insert into note (text) values ('elsewhere')`.execute(other);
    } finally {
      await other.destroy();
    }
    await nextTurn();
    expect(stamp()).not.toBe(before);
  });

  it('is not kept for an in-memory database, which no other process can change', () => {
    expect(commitStampOf(openDatabase(':memory:'))).toBeUndefined();
  });
});
