import type { Tour } from '../../../api/schema/tour';
import { UNPUBLISHED_TYPES } from '../../../api/schema/tour';
import { PRO_PLUS, type UserType } from '../../../api/schema/user';

export interface PublishState {
  /** The tour's state in the owner's words. */
  label: string;
  /** What the owner does next: publish it (the payments modal) or share it (the share-and-embed modal). */
  action: 'publish' | 'share';
  /** A free tour shows visitors the watermark, which paying for the tour (or Pro Plus) takes away. */
  watermarked: boolean;
}

/**
 * Where a tour stands for its owner. A Pro Plus owner's tours are all shown to visitors as paid ones, whatever type
 * they carry, so they are published; a tour a visitor unlocked with an e-mail is still the owner's to publish.
 */
export function publishState(tour: Pick<Tour, 'type'>, ownerType: UserType | undefined): PublishState {
  if (ownerType === PRO_PLUS) return { label: 'Published — Pro Plus', action: 'share', watermarked: false };
  // A visitor's e-mail on the locked-tour modal opened it to everyone, with the watermark, until it is published.
  if (tour.type === 'locked-with-email') {
    return { label: 'Visible with the watermark since a visitor left their e-mail: choose how to publish', action: 'publish', watermarked: false };
  }
  if (UNPUBLISHED_TYPES.includes(tour.type)) return { label: 'Locked: choose how to publish', action: 'publish', watermarked: false };
  if (tour.type === 'paid') return { label: 'Paid', action: 'share', watermarked: false };
  return { label: 'Published — free', action: 'share', watermarked: true };
}

/** The listing-compliant link is for paid tours and Pro Plus owners: listing sites want no watermark or branding. */
export function offersListingMode(tour: Pick<Tour, 'type'>, ownerType: UserType | undefined): boolean {
  return tour.type === 'paid' || ownerType === PRO_PLUS;
}
