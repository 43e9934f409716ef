import type SQLite from 'better-sqlite3';

/**
 * On a SQLite file: a value that changes whenever anything is committed to it, by this process or another (the
 * operator commands, a restore's migration), so that what was read from it can be kept until then.
 *
 * This process's writes are counted as their statements are prepared: Kysely prepares each statement right before
 * it runs it, and a read that has to wait for a transaction to end was stamped before the transaction's writes were
 * counted, so it is asked again. Other processes' commits are told by PRAGMA data_version, read on a connection of its
 * own (it tells only other connections' commits, and that one is never busy with the app's queries). Reading it takes
 * file-lock system calls, which under load cost more than the rest of a kept tour's read, so it is read once per turn
 * of the event loop: the requests handled in one turn had all arrived when the turn's first stamp was taken, so a
 * commit that stamp missed cannot have been finished before any of them was sent.
 */
export class SqliteCommitStamp {
  #ownWrites = 0;
  #othersThisTurn: number | undefined;
  readonly #dataVersion: SQLite.Statement<[], number>;
  readonly #forgetOthers = () => {
    this.#othersThisTurn = undefined;
  };

  constructor(watcher: SQLite.Database) {
    this.#dataVersion = watcher.prepare<[], number>('pragma data_version').pluck();
  }

  /** Called with each statement about to run on the app's connection. */
  prepared(statement: SQLite.Statement): void {
    if (!statement.readonly) this.#ownWrites++;
  }

  read(): string {
    if (this.#othersThisTurn === undefined) {
      this.#othersThisTurn = this.#dataVersion.get()!;
      setImmediate(this.#forgetOthers);
    }
    return `${this.#ownWrites}:${this.#othersThisTurn}`;
  }
}
