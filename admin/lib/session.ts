import { proxy } from 'valtio';
import { USER_COOKIE, USER_COOKIE_MAX_AGE_S, userFromCookies, type User } from '../../api/schema/user';

/** The signed-in user, kept in a cookie for 365 days so the viewer on our pages knows the owner. */
export const session = proxy<{ user: User | null }>({ user: userFromCookies(document.cookie) });

export function setUser(user: User | null): void {
  session.user = user;
  document.cookie = user
    ? `${USER_COOKIE}=${encodeURIComponent(JSON.stringify(user))}; path=/; max-age=${USER_COOKIE_MAX_AGE_S}; SameSite=Lax`
    : `${USER_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}
