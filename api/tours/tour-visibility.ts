import type { UserRow } from '../db/tables';
import { ApiError } from '../errors';
import { MESSAGES } from '../schema/errors';
import type { Tour } from '../schema/tour';

export function isOwner(tour: Pick<Tour, 'userId'>, user: UserRow | undefined): boolean {
  return !!user && tour.userId !== null && tour.userId === user.id;
}

/**
 * What of a tour this caller may see (SPEC.md §6): a private tour only its owner; a password tour, to others,
 * only its cover — no scenes, floor plans or media — until the password is given.
 */
export function visibleTour(tour: Tour, user: UserRow | undefined): Tour {
  if (isOwner(tour, user) || tour.privacy === 'Public') return tour;
  if (tour.privacy === 'Private') throw new ApiError(403, 'TourPrivate', MESSAGES.privateTour);
  return passwordCover(tour);
}

export function passwordCover(tour: Tour): Tour {
  const { ambience: _ambience, ...config } = tour.config;
  return {
    ...tour,
    images: [],
    floorplans: [],
    logo: '',
    socialImage: '',
    defaultHotspotImage: '',
    config,
    locked: true,
  };
}
