import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Matches kept; the paths are the callers', so their number and length are bounded. */
const KEPT_MATCHES = 1000;
const KEPT_PATH_LENGTH = 200;

/**
 * Hono's TrieRouter, with its answers for the most recently requested methods and paths kept. Matching walks the
 * trie and sorts every middleware and route that applies (a tour read has thirteen), for every request; visitors
 * read the same tours again and again. Hono's RegExpRouter, which would match faster, refuses our routes
 * (`/api/teams/:teamId` beside `/api/teams/invitations`). Hono reads a match and never changes it, so one answer
 * serves every request of its path.
 */
export class MemoizedRouter<T> implements Router<T> {
  readonly name = 'MemoizedRouter';
  readonly #trie = new TrieRouter<T>();
  readonly #kept = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#kept.clear();
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > KEPT_PATH_LENGTH) return this.#trie.match(method, path);
    const key = `${method} ${path}`;
    const kept = this.#kept.get(key);
    // Moved to the back of the least-recently-used order.
    if (kept) this.#kept.delete(key);
    const result = kept ?? this.#trie.match(method, path);
    this.#kept.set(key, result);
    if (this.#kept.size > KEPT_MATCHES) this.#kept.delete(this.#kept.keys().next().value!);
    return result;
  }
}
