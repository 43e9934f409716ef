import { proxy } from 'valtio';
import { userCookie, userFromCookies, type User } from '../../api/schema/user';

/** The signed-in user, kept in a cookie for 365 days so the viewer on our pages knows the owner. */
export const session = proxy<{ user: User | null }>({ user: userFromCookies(document.cookie) });

export function setUser(user: User | null): void {
  session.user = user;
  document.cookie = userCookie(user, location.protocol === 'https:');
}
