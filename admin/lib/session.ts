import { proxy } from 'valtio';
import { userCookie, userFromCookies, type User } from '../../api/schema/user';

/**
 * The signed-in user, kept in a cookie for 365 days so the viewer on our pages knows the owner. `ended` says the
 * server ended the session (a password changed elsewhere, say), so the sign-in form can say why it is back.
 */
export const session = proxy<{ user: User | null; ended: boolean }>({ user: userFromCookies(document.cookie), ended: false });

export function setUser(user: User | null): void {
  session.user = user;
  session.ended = false;
  document.cookie = userCookie(user, location.protocol === 'https:');
}

/** The server no longer knows this session: signed out, with the reason kept for the sign-in form. */
export function sessionEnded(): void {
  setUser(null);
  session.ended = true;
}
