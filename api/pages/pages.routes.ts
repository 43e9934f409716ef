import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { findTourByShortId, tourFromRecord } from '../tours/tour.repository';
import { renderPublicTourPage } from './public-tour-page';

export function pagesRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/tours/:shortId', async (c) => {
    const shortId = c.req.param('shortId');
    const record = await findTourByShortId(c.var.db, shortId);
    const tour = record ? tourFromRecord(record) : undefined;
    const origin = c.var.config.publicUrl ?? new URL(c.req.url).origin;
    c.header('Cache-Control', 'no-cache');
    return c.html(renderPublicTourPage({ tour, shortId, origin }), record ? 200 : 404);
  });
}
