import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { verifyPassword } from '../auth/password-hash';
import { ApiError, parseOr422, readJson } from '../errors';
import { clientAddress, WindowCounter } from '../rate-limit';
import { MESSAGES } from '../schema/errors';
import { passwordCheckSchema } from '../schema/requests';
import { findTourOr404 } from './tours.routes';

/** SPEC.md: more than 10 wrong tries a minute for one tour from one address is refused. */
export const MAX_WRONG_PASSWORDS_PER_MIN = 10;

export function passwordRoutes(): Hono<AppEnv> {
  const wrongTries = new WindowCounter(MAX_WRONG_PASSWORDS_PER_MIN, 60_000);
  return new Hono<AppEnv>().post('/status/tours/password', async (c) => {
    const { password, shortId } = parseOr422(passwordCheckSchema, await readJson(c));
    const key = `${shortId} ${clientAddress(c)}`;
    if (wrongTries.isOver(key)) throw new ApiError(429, 'TooManyRequests', 'Too many wrong passwords. Please wait a minute and try again.');
    const { record, tour } = await findTourOr404(c, shortId);
    if (tour.privacy === 'Private' && tour.userId !== c.var.user?.id) throw new ApiError(403, 'TourPrivate', MESSAGES.privateTour);
    if (tour.privacy === 'Password' && !(await verifyPassword(password, record.row.password_hash))) {
      wrongTries.hit(key);
      throw new ApiError(401, 'IncorrectPassword', MESSAGES.incorrectPassword);
    }
    c.header('Cache-Control', 'private, no-store');
    return c.json(tour);
  });
}
