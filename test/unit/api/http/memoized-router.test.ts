import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { MemoizedRouter } from '../../../../api/http/memoized-router';

const ROUTES: Array<[string, string, string]> = [
  ['ALL', '*', 'every request'],
  ['ALL', '/api/*', 'api middleware'],
  ['GET', '/api/tours/:shortId', 'read a tour'],
  ['POST', '/api/tours/:shortId', 'save a tour'],
  ['GET', '/api/teams/invitations', 'invitations'],
  ['GET', '/api/teams/:teamId', 'a team'],
  ['ALL', '/api/*', 'api 404'],
];

function routers() {
  const memoized = new MemoizedRouter<string>();
  const trie = new TrieRouter<string>();
  for (const [method, path, name] of ROUTES) {
    memoized.add(method, path, name);
    trie.add(method, path, name);
  }
  return { memoized, trie };
}

describe('the memoized router', () => {
  it("answers as Hono's TrieRouter does, the first time and every time after", () => {
    const { memoized, trie } = routers();
    const requests = [
      ['GET', '/api/tours/AtN3BNTgBK'],
      ['POST', '/api/tours/AtN3BNTgBK'],
      ['GET', '/api/tours/other'],
      ['GET', '/api/teams/invitations'],
      ['GET', '/api/teams/12'],
      ['DELETE', '/api/nothing'],
      ['GET', '/tours/demo'],
      ['GET', `/api/tours/${'x'.repeat(300)}`],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [method, path] of requests) expect(memoized.match(method, path), `${method} ${path}`).toEqual(trie.match(method, path));
    }
  });

  it('finds a route added after a path was matched', () => {
    const { memoized } = routers();
    const matched = () => JSON.stringify(memoized.match('GET', '/api/late'));
    expect(matched()).not.toContain('late route');
    memoized.add('GET', '/api/late', 'late route');
    expect(matched()).toContain('late route');
  });
});
