/** What is known of the read of one key: the run under way, and the one its later callers wait for. */
interface Runs<T> {
  running: Promise<T>;
  next?: Promise<T>;
}

const settled = (promise: Promise<unknown>): Promise<void> =>
  promise.then(
    () => undefined,
    () => undefined,
  );

/**
 * Reads of the database shared by the callers that ask for the same key at the same time, each caller still given an
 * answer read after it asked: a run already under way may have read before a commit the caller saw finish, so a
 * caller that comes while one runs waits for the next run, which starts when that one ends and answers everyone who
 * came meanwhile. Under load, one query then answers all the reads of a tour that arrive while the previous one runs,
 * where each would have waited for a round trip of its own; no caller is answered from before it asked.
 */
export class SharedFreshReads<T> {
  readonly #byKey = new Map<string, Runs<T>>();

  read(key: string, run: () => Promise<T>): Promise<T> {
    const runs = this.#byKey.get(key);
    if (!runs) return this.#start(key, run);
    runs.next ??= settled(runs.running).then(() => this.#start(key, run));
    return runs.next;
  }

  #start(key: string, run: () => Promise<T>): Promise<T> {
    const runs: Runs<T> = { running: run() };
    this.#byKey.set(key, runs);
    // Forgotten once it ends, unless a later run has taken the key meanwhile.
    void settled(runs.running).then(() => {
      if (this.#byKey.get(key) === runs) this.#byKey.delete(key);
    });
    return runs.running;
  }
}
