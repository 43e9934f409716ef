import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { hashPassword, needsRehash, verifyPassword } from '../auth/password-hash';
import { ApiError, parseOr422, readJson } from '../errors';
import { clientAddress, Limiter } from '../rate-limit';
import { MESSAGES } from '../schema/errors';
import { passwordCheckSchema } from '../schema/requests';
import { signTourAccessToken } from './tour-access-token';
import { callerAccess, findTourOr404, tourSeenWith } from './tour-access';

/** More than 10 wrong tries a minute for one tour from one address is refused. */
export const MAX_WRONG_PASSWORDS_PER_MIN = 10;

export function passwordRoutes(): Hono<AppEnv> {
  const wrongTries = new Limiter({
    name: 'tour-password',
    max: MAX_WRONG_PASSWORDS_PER_MIN,
    windowMs: 60_000,
    message: 'Too many wrong passwords. Please wait a minute and try again.',
  });
  return new Hono<AppEnv>().post('/tours/password', async (c) => {
    const { password, shortId } = parseOr422(passwordCheckSchema, await readJson(c));
    const key = `${shortId} ${clientAddress(c)}`;
    await wrongTries.check(c, key);
    const found = await findTourOr404(c, shortId);
    const { record, tour } = found;
    const access = await callerAccess(c, found);
    if (access.sees === 'nothing') throw new ApiError(403, 'TourPrivate', MESSAGES.privateTour);
    c.header('Cache-Control', 'private, no-store');
    // Past the password the caller sees what a visitor of a public tour would: locked and Pro Plus rules still apply.
    const seen = tourSeenWith(tour, { ...access, sees: 'all' })!;
    if (tour.privacy !== 'Password') return c.json(seen);
    let passwordHash = record.row.password_hash;
    if (!passwordHash || !(await verifyPassword(password, passwordHash))) {
      await wrongTries.count(c, key);
      throw new ApiError(401, 'IncorrectPassword', MESSAGES.incorrectPassword);
    }
    // A tour password hashed before argon2id is replaced while the visitor's right answer is at hand. The access
    // token below is signed from the hash now stored, or it would be void the moment it is handed out.
    if (needsRehash(passwordHash)) {
      passwordHash = await hashPassword(password);
      await c.get('db').updateTable('tour').set({ password_hash: passwordHash }).where('id', '=', record.row.id).execute();
    }
    // The viewer keeps the token with the tour and shows it where the password counts again: the tour's video room.
    return c.json({ ...seen, accessToken: await signTourAccessToken({ id: tour.id, passwordHash }, c.get('config').jwtSecret) });
  });
}
