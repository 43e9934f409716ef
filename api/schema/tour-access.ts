import type { Permission } from './team';

/**
 * Tour settings only its owner changes: who may see it, its address, and where its leads and mail go. A team's
 * editors keep the rest. The server refuses a member's save that changes one; the editor shows them as the owner's.
 */
export const OWNER_ONLY_FIELDS = ['privacy', 'password', 'whiteLabelUrl', 'email', 'agentEmail', 'isNotifyEnabled'] as const;
export type OwnerOnlyField = (typeof OWNER_ONLY_FIELDS)[number];

/** The caller's part in a tour: its owner, what its team grants them, or nothing. */
export type TourRole = 'owner' | Permission | 'none';

/** `GET /api/tours/{shortId}/access`: what the editor may offer the caller. */
export interface TourAccessAnswer {
  role: TourRole;
  ownerOnlyFields: OwnerOnlyField[];
}
