import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { compressAnswers } from '../http/compression';
import { ApiError } from '../http/errors';
import { negotiatedLanguage, supportedLanguage } from '../schema/languages';
import { TOUR_PAGE_HEADER } from '../schema/white-label';
import { oembedFor, sizeLimit, tourPageShortId } from './oembed';
import { renderNoticePage, renderPublicTourPage } from './public-tour-page';
import { tourForAnyone } from './tour-for-anyone';
import { WHITE_LABEL_NOTICE, whiteLabelRefused } from './white-label';

export function pagesRoutes(): Hono<AppEnv> {
  // Per route: a sub-app's `use` would reach every route of the app it is mounted in.
  const compressed = compressAnswers();
  return new Hono<AppEnv>()
    .get('/tours/:shortId', compressed, async (c) => {
      const shortId = c.req.param('shortId');
      const found = await tourForAnyone(c, shortId);
      const origin = c.get('config').publicUrl ?? new URL(c.req.url).origin;
      c.header('Cache-Control', 'no-cache');
      if (found && whiteLabelRefused(found.full, new URL(c.req.url).host, c.get('config').publicUrl)) {
        return c.html(renderNoticePage(WHITE_LABEL_NOTICE), 403);
      }
      // Lets the white-label check tell this page from another site answering at the owner's domain.
      if (found) c.header(TOUR_PAGE_HEADER, found.full.shortId);
      // The page carries no sign-in, so it embeds only what an anonymous visitor may see (a private tour: nothing;
      // the element then asks the API, with the owner's token if any).
      // The viewer speaks the visitor's language; `?lang=` (a link to a given language) wins over the browser's.
      const language = supportedLanguage(c.req.query('lang')) ?? negotiatedLanguage(c.req.header('Accept-Language'));
      c.header('Vary', 'Accept-Language', { append: true });
      const page = { tour: found?.seen, shortId, origin, open: !!found?.open, siteName: c.get('config').siteName, language };
      return c.html(renderPublicTourPage(page), found ? 200 : 404);
    })
    .get('/oembed', compressed, async (c) => {
      // oEmbed consumers (WordPress and the like) turn a pasted tour link into the iframe code.
      const origin = c.get('config').publicUrl ?? new URL(c.req.url).origin;
      const { url, format, maxwidth, maxheight } = c.req.query();
      if (format !== undefined && format !== 'json') throw new ApiError(501, 'NotImplemented', 'Only format=json is offered.');
      const limits = { maxWidth: sizeLimit('maxwidth', maxwidth), maxHeight: sizeLimit('maxheight', maxheight) };
      const shortId = tourPageShortId(url, origin);
      // Only tours anyone may see in full are embedded; the others are as unknown here as a missing one.
      const found = shortId === undefined ? undefined : await tourForAnyone(c, shortId);
      if (!found?.open || !found.seen) throw new ApiError(404, 'NotFound', 'No public tour at this address.');
      c.header('Access-Control-Allow-Origin', '*');
      return c.json(oembedFor(found.seen, origin, { pageUrl: url!, ...limits, siteName: c.get('config').siteName }));
    });
}
