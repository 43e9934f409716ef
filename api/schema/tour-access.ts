import type { Permission } from './team';

/**
 * Tour settings only its owner changes: who may see it, its address, and where its leads and mail go. A team's
 * editors keep the rest. The server refuses a member's save that changes one; the editor shows them as the owner's.
 */
export const OWNER_ONLY_FIELDS = ['privacy', 'password', 'whiteLabelUrl', 'email', 'agentEmail', 'isNotifyEnabled'] as const;
export type OwnerOnlyField = (typeof OWNER_ONLY_FIELDS)[number];

/**
 * The owner-only fields kept in the tour's data, which a history restore leaves as they are now: a restore puts
 * back content, never who may see the tour or where its mail goes. The password is not among them: it is kept
 * hashed beside the data, and a restore never touches it.
 */
export const OWNER_ONLY_DATA_FIELDS = OWNER_ONLY_FIELDS.filter((field): field is Exclude<OwnerOnlyField, 'password'> => field !== 'password');

/** The caller's part in a tour: its owner, what its team grants them, or nothing. */
export type TourRole = 'owner' | Permission | 'none';

/** `GET /api/tours/{shortId}/access`: what the editor may offer the caller. */
export interface TourAccessAnswer {
  role: TourRole;
  ownerOnlyFields: OwnerOnlyField[];
}
