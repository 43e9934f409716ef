import { jwtVerify, SignJWT } from 'jose';

const TOKEN_LIFETIME = '365d';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export function signUserToken(userId: number, secret: string): Promise<string> {
  return new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(userId)).setIssuedAt().setExpirationTime(TOKEN_LIFETIME).sign(key(secret));
}

/** The user id a token names, or undefined when it is forged, expired or malformed. */
export async function verifyUserToken(token: string, secret: string): Promise<number | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}
