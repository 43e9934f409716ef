import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { findTourByShortId, tourFromRecord } from '../tours/tour.repository';
import { tourAccess, tourSeenWith } from '../tours/tour-access';
import { TOUR_PAGE_HEADER } from '../schema/white-label';
import { renderNoticePage, renderPublicTourPage } from './public-tour-page';
import { WHITE_LABEL_NOTICE, whiteLabelRefused } from './white-label';

export function pagesRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/tours/:shortId', async (c) => {
    const shortId = c.req.param('shortId');
    const record = await findTourByShortId(c.var.db, shortId);
    const full = record ? tourFromRecord(record) : undefined;
    const origin = c.var.config.publicUrl ?? new URL(c.req.url).origin;
    c.header('Cache-Control', 'no-cache');
    if (full && whiteLabelRefused(full, new URL(c.req.url).host, c.var.config.publicUrl)) {
      return c.html(renderNoticePage(WHITE_LABEL_NOTICE), 403);
    }
    // Lets the white-label check tell this page from another site answering at the owner's domain.
    if (full) c.header(TOUR_PAGE_HEADER, full.shortId);
    // The page carries no sign-in, so it embeds only what an anonymous visitor may see (a private tour: nothing;
    // the element then asks the API, with the owner's token if any).
    const tour = record && full ? tourSeenWith(full, await tourAccess({ record, tour: full }, { user: undefined }, c.var.config.jwtSecret)) : undefined;
    return c.html(renderPublicTourPage({ tour, shortId, origin }), record ? 200 : 404);
  });
}
