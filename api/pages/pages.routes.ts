import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { findTourByShortId, tourFromRecord } from '../tours/tour.repository';
import { passwordCover } from '../tours/tour-visibility';
import type { Tour } from '../schema/tour';
import { TOUR_PAGE_HEADER } from '../schema/white-label';
import { renderNoticePage, renderPublicTourPage } from './public-tour-page';
import { WHITE_LABEL_NOTICE, whiteLabelRefused } from './white-label';

/**
 * The page carries no sign-in, so it embeds only what an anonymous visitor may see: a public tour whole, a
 * password tour's cover, a private tour nothing (the element then asks the API, with the owner's token if any).
 */
function anonymousView(tour: Tour): Tour | undefined {
  if (tour.privacy === 'Public') return tour;
  return tour.privacy === 'Password' ? passwordCover(tour) : undefined;
}

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
    const tour = full ? anonymousView(full) : undefined;
    return c.html(renderPublicTourPage({ tour, shortId, origin }), record ? 200 : 404);
  });
}
