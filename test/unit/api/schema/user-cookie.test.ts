import { describe, expect, it } from 'vitest';
import { userCookie, userFromCookies, type User } from '../../../../api/schema/user';

const user = { id: 7, token: 'jwt.token.here', name: 'Olivia; Owner', email: 'olivia@example.com', type: 1 } as User;

/** The attributes of a `document.cookie` assignment, lower-cased, after its name=value. */
const attributes = (cookie: string) =>
  cookie
    .split('; ')
    .slice(1)
    .map((part) => part.toLowerCase());

describe('the admin’s user cookie', () => {
  it('is Secure when the page is https, keeping the user for a year on every path', () => {
    const cookie = userCookie(user, true);
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['secure', 'path=/', 'samesite=lax', `max-age=${365 * 24 * 60 * 60}`]));
    expect(userFromCookies(cookie.split('; ')[0])).toEqual(user);
  });

  it('is forgotten with Secure too on https, so it replaces the Secure one', () => {
    expect(attributes(userCookie(null, true))).toEqual(expect.arrayContaining(['secure', 'path=/', 'max-age=0']));
  });

  it('has no Secure on a plain http page, where the browser would refuse to keep it', () => {
    expect(attributes(userCookie(user, false))).not.toContain('secure');
    expect(attributes(userCookie(null, false))).not.toContain('secure');
  });
});
