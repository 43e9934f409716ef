import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { hashPassword, needsRehash, verifyPassword } from '../auth/password-hash';
import { ApiError, parseOr422, readJson } from '../http/errors';
import { clientAddress, Limiter } from '../http/rate-limit';
import { MESSAGES } from '../schema/errors';
import { passwordCheckSchema } from '../schema/requests';
import { signTourAccessToken } from './tour-access-token';
import { callerAccess, findTourOr404, tourSeenWith } from './tour-access';
import { setTourPasswordHash } from './tour.repository';

/** Tries a minute at one tour's password from one address. */
export const MAX_PASSWORD_TRIES_PER_MIN = 10;
/** Tries at one tour's password in 10 minutes from all addresses together, so many addresses cannot share a guess list. */
export const MAX_PASSWORD_TRIES_PER_TOUR = 100;

export function passwordRoutes(): Hono<AppEnv> {
  const triesPerAddress = new Limiter({
    name: 'tour-password',
    max: MAX_PASSWORD_TRIES_PER_MIN,
    windowMs: 60_000,
    message: 'Too many wrong passwords. Please wait a minute and try again.',
  });
  const triesPerTour = new Limiter({
    name: 'tour-password-tour',
    max: MAX_PASSWORD_TRIES_PER_TOUR,
    windowMs: 10 * 60_000,
    message: 'Too many wrong passwords for this tour. Please wait a few minutes and try again.',
  });
  return new Hono<AppEnv>().post('/tours/password', async (c) => {
    const { password, shortId } = parseOr422(passwordCheckSchema, await readJson(c));
    const found = await findTourOr404(c, shortId);
    const { record, tour } = found;
    const access = await callerAccess(c, found);
    if (access.sees === 'nothing') throw new ApiError(403, 'TourPrivate', MESSAGES.privateTour);
    c.header('Cache-Control', 'private, no-store');
    // Past the password the caller sees what a visitor of a public tour would: locked and Pro Plus rules still apply.
    const seen = tourSeenWith(tour, { ...access, sees: 'all' })!;
    if (tour.privacy !== 'Password') return c.json(seen);
    // Each try is counted before the password is checked, so tries sent together cannot all be checked before any
    // counts. The owner and the team's members see the tour anyway: their tries are never limited.
    const limits = access.member ? [] : [[triesPerAddress, `${shortId} ${clientAddress(c)}`] as const, [triesPerTour, shortId] as const];
    for (const [limiter, key] of limits) await limiter.hit(c, key);
    let passwordHash = record.row.password_hash;
    if (!passwordHash || !(await verifyPassword(password, passwordHash))) throw new ApiError(401, 'IncorrectPassword', MESSAGES.incorrectPassword);
    // The right password gives its tries back: only wrong ones use up the limits.
    for (const [limiter, key] of limits) await limiter.giveBack(c, key);
    // A tour password hashed before argon2id is replaced while the visitor's right answer is at hand. The access
    // token below is signed from the hash now stored, or it would be void the moment it is handed out.
    if (needsRehash(passwordHash)) {
      passwordHash = await hashPassword(password);
      await setTourPasswordHash(c.get('db'), record.row.id, passwordHash);
    }
    // The viewer keeps the token with the tour and shows it where the password counts again: the tour's video room.
    return c.json({ ...seen, accessToken: await signTourAccessToken({ id: tour.id, passwordHash }, c.get('config').jwtSecret) });
  });
}
