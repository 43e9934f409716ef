import { hash, verify } from '@node-rs/argon2';
import { scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP's argon2id recommendation: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Each hash takes 19 MiB for a few tens of ms: a burst of sign-ins waits its turn rather than taking the memory. */
const MAX_HASHES_AT_ONCE = 4;
let running = 0;
const waiting: Array<() => void> = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** A PHC string, `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`. */
export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password.normalize('NFKC'), ARGON2_OPTIONS));
}

/**
 * Whether the password matches what is stored. Hashes made before argon2id (`scrypt$salt$hash`) still verify;
 * `needsRehash` tells the caller to store a fresh hash while it holds the password.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  if (stored.startsWith('scrypt$')) return bounded(() => verifyScrypt(password, stored));
  try {
    return await bounded(() => verify(stored, password.normalize('NFKC')));
  } catch {
    return false;
  }
}

export function needsRehash(stored: string): boolean {
  return !stored.startsWith('$argon2id$');
}

/**
 * A hash of no one's password, verified when no account matches, so an unknown e-mail costs the same work as a
 * known one and the answer's timing does not tell which addresses have accounts.
 */
let dummyHash: Promise<string> | undefined;
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(`no account ${Math.random()}`);
  return dummyHash.then((stored) => verifyPassword(password, stored)).then(() => false);
}

function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, salt, expectedB64] = stored.split('$');
  if (!salt || !expectedB64) return Promise.resolve(false);
  const expected = Buffer.from(expectedB64, 'base64');
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, { N: 16384, r: 8, p: 1 }, (err, key) =>
      err ? reject(err) : resolve(key.length === expected.length && timingSafeEqual(key, expected)),
    ),
  );
}
