import type { User } from '../../api/schema/user';
import { api } from './api-client';
import { session, setUser } from './session';

/** Asks the server who the signed-in user is now (their plan, free tours left) and keeps that, with the same token. */
export async function refreshUser(): Promise<User> {
  const user = await api<User>('GET', '/status/user');
  if (session.user) setUser({ ...user, token: session.user.token });
  return user;
}
