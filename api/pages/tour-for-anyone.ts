import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Tour } from '../schema/tour';
import { findTourByShortId, tourFromRecord } from '../tours/tour.repository';
import { tourAccess, tourSeenWith } from '../tours/tour-access';

export interface TourForAnyone {
  /** The tour as stored, for checks about the tour itself (its white-label address). */
  full: Tour;
  /** What an anonymous visitor sees of it: nothing for a private tour, a password tour's cover, a locked tour's title. */
  seen: Tour | undefined;
  /** Public and published: anyone sees all of it, so search engines may index it and oEmbed consumers embed it. */
  open: boolean;
}

/** The tour of a public page address as someone without a sign-in sees it; undefined when there is no such tour. */
export async function tourForAnyone(c: Context<AppEnv>, shortId: string): Promise<TourForAnyone | undefined> {
  const record = await findTourByShortId(c.get('db'), shortId);
  if (!record) return undefined;
  const full = tourFromRecord(record);
  const access = await tourAccess(c.get('db'), { record, tour: full }, { user: undefined }, c.get('config').jwtSecret);
  const seen = tourSeenWith(full, access);
  return { full, seen, open: access.sees === 'all' && !!seen && seen.type !== 'locked' };
}
