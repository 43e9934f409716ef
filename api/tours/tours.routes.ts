import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import { MESSAGES } from '../schema/errors';
import { findTourByShortId, tourFromRecord } from './tour.repository';

export function toursRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/:shortId', async (c) => {
    const record = await findTourByShortId(c.var.db, c.req.param('shortId'));
    if (!record) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
    return c.json(tourFromRecord(record));
  });
}
