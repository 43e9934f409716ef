import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { PRO_PLUS } from '../schema/user';
import { findTourFor } from '../tours/tour-access';
import { parseUserType, setWhiteLabelStatus } from '../tours/tour.repository';
import { checkWhiteLabel, whiteLabelPageUrl } from './white-label-status';

export function whiteLabelRoutes(): Hono<AppEnv> {
  /**
   * GET /api/tours/{shortId}/white-label-status (owner only): fetches the tour's page under its saved white-label
   * URL, answers {status, checkedUrl} and keeps the status as the tour's whiteLabelStatusCode.
   * Payments do not exist yet, so 'OK' versus 'UPGRADE' follows the owner's Pro Plus type.
   */
  return new Hono<AppEnv>().get('/:shortId/white-label-status', rateLimit({ max: 30, windowMs: 60_000 }), async (c) => {
    const { record, tour } = await findTourFor(c, c.req.param('shortId'), 'manage');
    const pageUrl = whiteLabelPageUrl(tour.whiteLabelUrl, tour.shortId);
    if (!pageUrl) {
      throw new ApiError(422, 'ValidationFailed', 'Enter your white-label URL (for example tours.youragency.com) and save before checking it.', {
        details: {
          fieldErrors: { whiteLabelUrl: ['Required'] },
        },
      });
    }
    const check = await checkWhiteLabel(pageUrl, tour.shortId, {
      ownerIsProPlus: parseUserType(record.ownerType) === PRO_PLUS,
      privateNetworks: c.get('config').whiteLabelPrivateNetworks,
    });
    await setWhiteLabelStatus(c.get('db'), record.row.id, check.status);
    return c.json(check);
  });
}
