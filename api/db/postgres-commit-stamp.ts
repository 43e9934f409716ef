import pg from 'pg';
import type { ConnectionLost } from './database';

/** The channel the commit triggers notify (migration 2026-11-27T00-30-tour-commit-notify). */
export const TOURS_CHANNEL = 'tours_committed';
/** A listener that lost its connection tries again after this long; meanwhile every read asks the database. */
const RECONNECT_MS = 1000;

/**
 * On PostgreSQL: a value that changes whenever a write to what a tour answer is made of (tours, floor plans, team
 * shares, owners' plans) has been committed by any instance, so that visitors' reads can keep what they read until
 * then instead of asking the database each time. Triggers NOTIFY on commit and one connection LISTENs; while it is
 * not listening the stamp is undefined (ask every time). A notification arrives a little after its commit, so the
 * value also changes every second: a visitor on another instance sees a save at most about a second late.
 */
export class PostgresCommitStamp {
  #generation = 0;
  #notifications = 0;
  #client: pg.Client | undefined;
  #listening = false;
  #closed = false;
  #retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: string,
    private readonly connectionLost: ConnectionLost,
  ) {
    void this.#listen();
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    this.#client = client;
    const lost = (why: string) => {
      if (this.#client !== client) return;
      this.#listening = false;
      this.#client = undefined;
      void client.end().catch(() => undefined);
      if (this.#closed) return;
      this.connectionLost(`PostgreSQL commit listener lost: ${why}`);
      this.#retry = setTimeout(() => void this.#listen(), RECONNECT_MS);
      this.#retry.unref();
    };
    client.on('error', (err) => lost(err.message));
    client.on('end', () => lost('the connection ended'));
    client.on('notification', () => this.#notifications++);
    try {
      await client.connect();
      await client.query(`listen ${TOURS_CHANNEL}`);
      if (this.#client !== client) return;
      // Commits made while nobody listened were not told: a new generation makes every kept state be asked again.
      this.#generation++;
      this.#listening = true;
    } catch (err) {
      lost((err as Error).message);
    }
  }

  read(): string | undefined {
    return this.#listening ? `${this.#generation}:${this.#notifications}:${Math.floor(Date.now() / 1000)}` : undefined;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    this.#listening = false;
    await client?.end().catch(() => undefined);
  }
}
