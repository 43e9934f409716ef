import type { Tour } from '../../api/schema/tour';
import type { UserType } from '../../api/schema/user';
import { onOwnPage } from '../element/api-origin';

/** The tour controls switch to their mobile layout below 40em. */
export const MOBILE_BREAKPOINT_EM = 40;
/** The control toggle is hidden at 813 px and wider. */
export const CONTROL_TOGGLE_HIDDEN_FROM_PX = 813;

export interface ControlsContext {
  tour: Pick<Tour, 'isVideoChatEnabled' | 'isScheduleEnabled' | 'leadgen' | 'floorplans' | 'config' | 'type' | 'owner'>;
  /** A handheld device (touch screen with motion sensors), not a narrow viewer: capabilities follow the device. */
  handheld: boolean;
  vr: boolean;
  mls: boolean;
  chatActive: boolean;
}

export interface VisibleControls {
  ambience: boolean;
  share: boolean;
  fullscreen: boolean;
  motion: boolean;
  vr: boolean;
  videoChat: boolean;
  /** The 300 px chat panel may open (and stays open during the chat, when the button is gone). */
  videoChatPanel: boolean;
  lead: boolean;
  floorplan: boolean;
  /** The third left icon: request a live showing, when the tour takes showing requests. */
  showing: boolean;
  /** Listing-compliant mode hides logo, contacts, showing requests, the chat invitation and outbound links. */
  branding: boolean;
}

/** Which sidebar buttons and left icons show (Viewer), in one place so it can be checked as a table. */
export function visibleControls({ tour, handheld, vr, mls, chatActive }: ControlsContext): VisibleControls {
  return {
    ambience: !!tour.config.ambience?.audio && !mls,
    share: !vr && !mls,
    fullscreen: !handheld && !vr,
    motion: handheld,
    vr: true,
    videoChat: !vr && !chatActive && tour.isVideoChatEnabled && !mls,
    videoChatPanel: !vr && tour.isVideoChatEnabled && !mls,
    lead: tour.leadgen.enabled && !vr && !mls,
    floorplan: tour.floorplans.length > 0 && !vr,
    showing: tour.isScheduleEnabled && !vr && !mls,
    branding: !mls,
  };
}

/** Listing-compliant mode shows only paid tours or tours of Pro Plus owners. */
export function listingModeAllowed(tour: Pick<Tour, 'type' | 'owner'>): boolean {
  return tour.type === 'paid' || tour.owner?.type === 2;
}

export type LockOutcome = 'none' | 'share-and-embed' | 'payments' | 'locked-tour';

/** Free tours, and locked tours that a visitor opened with an e-mail address, carry the product's watermark. */
export function showsWatermark(tour: Pick<Tour, 'type'>): boolean {
  return tour.type === 'free' || tour.type === 'locked-with-email';
}

/**
 * The lock check on opening the viewer. A tour that a visitor opened with an e-mail address is still unpublished
 * for its owner, who is asked to publish it; other visitors see it. Members of the tour's team (the server marks
 * their answer) work on it unpublished: no lock, and publishing is its owner's.
 */
export function lockCheck(tour: Pick<Tour, 'type' | 'userId' | 'owner' | 'teamMember'>, viewer: { id: number; type: UserType } | null): LockOutcome {
  const unpublished = tour.type === 'locked' || tour.type === 'locked-with-email';
  if (!unpublished || !tour.owner || tour.teamMember) return 'none';
  if (viewer && viewer.id === tour.userId) return tour.owner.type === 2 ? 'share-and-embed' : 'payments';
  return tour.type === 'locked' ? 'locked-tour' : 'none';
}

/** Listing-compliant mode: asked by the element's mls attribute, or by ?mls=1 on the tour's own page. */
export function listingModeRequested(mls: string | null | undefined): boolean {
  return flagOn(mls) || ownPageFlag('mls');
}

/** The video chat panel opens at start: asked by the show-video-chat attribute, or by ?showVideoChat=1 on the tour's own page. */
export function chatRequested(showVideoChat: string | null | undefined): boolean {
  return flagOn(showVideoChat) || ownPageFlag('showVideoChat');
}

/** On the tour's own page its address may switch a mode on; a partner's address is not ours to read. */
function ownPageFlag(name: string): boolean {
  return onOwnPage() && new URLSearchParams(location.search).get(name) === '1';
}

/** A boolean attribute as HTML has them: present means on (bare included), unless it says "0" or "false". */
export function flagOn(value: string | null | undefined): boolean {
  return value != null && value !== '0' && value.trim().toLowerCase() !== 'false';
}
