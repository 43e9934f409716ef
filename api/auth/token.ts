import { jwtVerify, SignJWT } from 'jose';

const TOKEN_LIFETIME_S = 365 * 24 * 3600;

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export interface TokenClaims {
  userId: number;
  /** The session the token belongs to; revoking the session refuses the token. */
  sessionId: string;
}

/** Signs a token for a session that lasts until `expiresAt`. */
export function signUserToken({ userId, sessionId }: TokenClaims, expiresAt: Date, secret: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
}

export function tokenExpiry(now = Date.now()): Date {
  return new Date(now + TOKEN_LIFETIME_S * 1000);
}

/**
 * The user and session a token names, or undefined when it is forged, expired or malformed. A token from before
 * sessions (no `jti`) is malformed: it could never be revoked.
 */
export async function verifyUserToken(token: string, secret: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0 || typeof payload.jti !== 'string' || !payload.jti) return undefined;
    return { userId, sessionId: payload.jti };
  } catch {
    return undefined;
  }
}
