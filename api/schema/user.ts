/** User type: 'guest' (anonymous), 1 (signed up) or 2 (Pro Plus). */
export type UserType = 'guest' | 1 | 2;
export const PRO_PLUS = 2;

/** The signed-in user as the API answers it and the admin keeps it (cookie `tour_user`, 365 days). */
export interface User {
  id: number;
  token: string;
  name: string;
  email: string;
  picture: string;
  credits: number;
  type: UserType;
  typeIntention: string;
  freeToursRemaining: number;
  referralCode: string;
  meta: Record<string, unknown>;
  createdDate: string;
  authType: 'password' | 'guest';
}

export const USER_COOKIE = 'tour_user';
const USER_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * What the admin writes to `document.cookie` to keep the user (null: to forget them). `Secure` on an https page, so
 * the token in it is never sent over plain http.
 */
export function userCookie(user: User | null, https: boolean): string {
  const kept = user ? `${encodeURIComponent(JSON.stringify(user))}; max-age=${USER_COOKIE_MAX_AGE_S}` : '; max-age=0';
  return `${USER_COOKIE}=${kept}; path=/; SameSite=Lax${https ? '; Secure' : ''}`;
}

/** The user kept in the `tour_user` cookie, read from a `document.cookie` string; null when absent or unreadable. */
export function userFromCookies(cookies: string): User | null {
  const raw = cookies.split('; ').find((part) => part.startsWith(`${USER_COOKIE}=`));
  if (!raw) return null;
  try {
    return JSON.parse(decodeURIComponent(raw.slice(USER_COOKIE.length + 1))) as User;
  } catch {
    return null;
  }
}
