import { randomBytes, scryptSync } from 'node:crypto';

/** A password hash in the format stored before argon2id: `scrypt$salt$hash`, both base64. */
export function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64')}`;
}
