import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Long enough for a showing, short enough that a shared link to the video room soon stops working. */
export const TOUR_ACCESS_TOKEN_LIFETIME_S = 4 * 60 * 60;
const ISSUER = 'tour-platform/tour-access';

/**
 * Signed with a key made from the server's secret and the tour's current password hash: a new password voids
 * every token given for the old one, and these tokens can never pass for a sign-in or a video-room token.
 */
function key(secret: string, passwordHash: string): Uint8Array {
  return createHash('sha256').update(`tour-access\0${secret}\0${passwordHash}`).digest();
}

interface PasswordTour {
  id: number;
  passwordHash: string;
}

/** Proof that its bearer gave this tour's password, good for a few hours. */
export function signTourAccessToken(tour: PasswordTour, secret: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(String(tour.id))
    .setIssuedAt(now)
    .setExpirationTime(now + TOUR_ACCESS_TOKEN_LIFETIME_S)
    .sign(key(secret, tour.passwordHash));
}

/** Whether `token` was given for this tour's current password and has not expired. */
export async function verifyTourAccessToken(token: string, tour: PasswordTour, secret: string): Promise<boolean> {
  try {
    await jwtVerify(token, key(secret, tour.passwordHash), { issuer: ISSUER, subject: String(tour.id), requiredClaims: ['exp'], algorithms: ['HS256'] });
    return true;
  } catch {
    return false;
  }
}
