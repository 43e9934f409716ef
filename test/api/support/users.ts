import type { TestApp } from './test-app';

export interface TestUser {
  id: number;
  /** The address it signed up with; a guest has none. */
  email?: string;
  token: string;
  auth: { Authorization: string };
}

let counter = 0;

export async function signUp(t: TestApp, name = 'Owner', email = `user${++counter}-${Date.now()}@example.com`): Promise<TestUser> {
  const response = await t.app.request('/api/auth/signup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'correct horse battery' }),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const { user } = await response.json();
  return { id: user.id, email, token: user.token, auth: { Authorization: `JWT ${user.token}` } };
}

export async function guest(t: TestApp): Promise<TestUser> {
  const { user } = await (await t.app.request('/api/auth/guest', { method: 'POST' })).json();
  return { id: user.id, token: user.token, auth: { Authorization: `JWT ${user.token}` } };
}

export function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
