import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import type { UserRow } from '../db/tables';
import { ApiError } from '../http/errors';
import { parseNumericId } from '../http/numeric-id';
import { MESSAGES } from '../schema/errors';
import type { Permission } from '../schema/team';
import type { Tour, TourInput } from '../schema/tour';
import { OWNER_ONLY_FIELDS, type TourRole } from '../schema/tour-access';
import type { Db } from '../db/database';
import { isTeamMember, joinedTeamOnce, teamPermissionOnTour } from '../teams/team-permission';
import { PRO_PLUS } from '../schema/user';
import { verifyTourAccessToken } from './tour-access-token';
import { findTourById, findTourByShortId, tourFromRecord, type TourRecord } from './tour.repository';

/**
 * Who may see, edit and manage a tour is decided here and nowhere else: every route, the video-token routes and
 * the video socket's hello ask this module.
 */

export interface FoundTour {
  record: TourRecord;
  tour: Tour;
}

/** Who is asking: the signed-in user, if any, and the tour-access token they hold, if any. */
export interface TourCaller {
  user: UserRow | undefined;
  /** Given when this tour's password was accepted. */
  tourAccessToken?: string;
}

/** What the caller may do with one tour. */
export interface TourAccess {
  /** All of the tour, only a password tour's cover (title and picture, no scenes or media), or nothing at all. */
  sees: 'all' | 'cover' | 'nothing';
  /** May join the tour's live video room. */
  joinsVideo: boolean;
  /** May change what the tour shows: scenes, floor plans, pictures, sounds. */
  edits: boolean;
  /** May delete, copy, publish or pay for it, and read what visitors left: its owner only. */
  manages: boolean;
  /** Holds a permission on it (its owner, or a member of its team): sees it as it is, not as published. */
  member: boolean;
  /** Is its owner. */
  owns: boolean;
  /** What its owner or its team grants the caller: `view` sees, `edit` edits, `admin` also runs the sharing. */
  permission: Permission | undefined;
}

/** A need a route has of a tour: `visit` is a visitor's (a form on a tour's cover counts). */
export type TourNeed = 'visit' | 'edit' | 'manage';

/** The caller's permission on a tour: its owner holds `admin`; a member of its team holds what the team grants. */
async function permissionOn(db: Db, tour: Tour, user: UserRow | undefined): Promise<Permission | undefined> {
  if (!user) return undefined;
  if (tour.userId !== null && tour.userId === user.id) return 'admin';
  return teamPermissionOnTour(db, tour.id, user.id);
}

/** A tour locked until it is paid for: the viewer holds visitors at its unlock form, so its room stays shut to them too. */
function lockedForVisitors(tour: Tour): boolean {
  return tour.owner !== null && publishedView(tour).type === 'locked';
}

export async function tourAccess(db: Db, { record, tour }: FoundTour, caller: TourCaller, secret: string): Promise<TourAccess> {
  const permission = await permissionOn(db, tour, caller.user);
  const gavePassword =
    tour.privacy === 'Password' &&
    !!caller.tourAccessToken &&
    !!record.row.password_hash &&
    (await verifyTourAccessToken(caller.tourAccessToken, { id: tour.id, passwordHash: record.row.password_hash }, secret));
  const owns = caller.user !== undefined && tour.userId === caller.user.id;
  const sees = permission || tour.privacy === 'Public' || gavePassword ? 'all' : tour.privacy === 'Password' ? 'cover' : 'nothing';
  return {
    sees,
    joinsVideo: sees === 'all' && (permission !== undefined || !lockedForVisitors(tour)),
    edits: permission === 'edit' || permission === 'admin',
    manages: owns,
    member: permission !== undefined,
    owns,
    permission,
  };
}

function allows(access: TourAccess, need: TourNeed): boolean {
  if (need === 'visit') return access.sees !== 'nothing';
  return need === 'edit' ? access.edits : access.manages;
}

/** What the caller of this request may do with the tour. */
export function callerAccess(c: Context<AppEnv>, found: FoundTour): Promise<TourAccess> {
  return tourAccess(c.get('db'), found, { user: c.get('user') }, c.get('config').jwtSecret);
}

export async function findTourOr404(c: Context<AppEnv>, shortId: string): Promise<FoundTour> {
  const record = await findTourByShortId(c.get('db'), shortId);
  if (!record) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
  return { record, tour: tourFromRecord(record) };
}

/** A tour named by short id for a signed-in caller's `need`: 401 for anonymous callers, 403 for anyone without it. */
export async function findTourFor(c: Context<AppEnv>, shortId: string, need: 'edit' | 'manage'): Promise<FoundTour & { access: TourAccess }> {
  requireUser(c);
  const found = await findTourOr404(c, shortId);
  const access = await callerAccess(c, found);
  if (!allows(access, need)) throw await refusal(c, found);
  return { ...found, access };
}

/**
 * Why a signed-in caller may not: someone who left or was removed from the tour's team (an editor still open, say)
 * is told so; anyone else hears that only the owner may.
 */
async function refusal(c: Context<AppEnv>, { tour }: FoundTour): Promise<ApiError> {
  const user = c.get('user')!;
  if (tour.teamId !== null && !(await isTeamMember(c.get('db'), tour.teamId, user.id)) && (await joinedTeamOnce(c.get('db'), tour.teamId, user.email))) {
    return new ApiError(403, 'TeamAccessEnded', "You are no longer a member of this tour's team, so you cannot change it any more.");
  }
  return new ApiError(403, 'Forbidden', 'Only the owner of this tour can do that.');
}

/**
 * A team member's save may change what the tour shows, not who may see it, where its leads and mail go, or its
 * address: those changes (and a new password) are the owner's.
 */
export function refuseOwnerOnlyChanges(access: TourAccess, before: Tour, input: TourInput, newPassword: boolean): void {
  if (access.owns) return;
  const changed = OWNER_ONLY_FIELDS.filter((field) => (field === 'password' ? newPassword : input[field] !== before[field]));
  if (changed.length > 0) {
    throw new ApiError(403, 'Forbidden', "Only the tour's owner can change its privacy, password, white-label address, e-mail addresses and notices.", {
      details: {
        fields: changed,
      },
    });
  }
}

/** The caller's part in the tour, as the editor is told it. */
export function roleOf(access: TourAccess): TourRole {
  if (access.owns) return 'owner';
  return access.permission ?? 'none';
}

/**
 * A tour named by numeric id (SPEC's older routes): a missing tour and one the caller may not use answer the same
 * 404 (`missing`), so nobody learns which ids exist. `id` is the text as sent, read strictly.
 */
export async function findTourByIdFor(
  c: Context<AppEnv>,
  id: string | undefined,
  need: TourNeed,
  missing = new ApiError(404, 'TourNotFound', 'No tour with this id.'),
): Promise<FoundTour> {
  if (need !== 'visit') requireUser(c);
  const tourId = parseNumericId(id);
  const record = tourId === undefined ? undefined : await findTourById(c.get('db'), tourId);
  const found = record && { record, tour: tourFromRecord(record) };
  if (!found || !allows(await callerAccess(c, found), need)) throw missing;
  return found;
}

/**
 * The ways a tour is shown: whole to those who hold a permission on it (marked for the members of its team, who
 * skip the lock and publishing modals); to everyone else as published, and only as a password tour's cover until its
 * password is given. Everyone shown one kind sees the same tour.
 */
export type TourView = 'whole' | 'member' | 'published' | 'cover';

/** The view `access` lets its caller have, or none at all. */
export function viewFor(access: TourAccess): TourView | undefined {
  if (access.sees === 'nothing') return undefined;
  if (access.member) return access.owns ? 'whole' : 'member';
  return access.sees === 'all' ? 'published' : 'cover';
}

export function tourInView(tour: Tour, view: TourView): Tour {
  if (view === 'whole') return tour;
  if (view === 'member') return { ...tour, teamMember: true };
  const published = withoutAccountEmails(publishedView(tour));
  return view === 'published' ? published : passwordCover(published);
}

/**
 * Visitors never read the tour's e-mail (an account's address by default) or the agent's: leads and showing
 * requests reach them through the server. The contacts the owner typed to be shown stay.
 */
function withoutAccountEmails(tour: Tour): Tour {
  return { ...tour, email: '', agentEmail: '' };
}

/** The tour as `access` lets it be seen, or nothing. */
export function tourSeenWith(tour: Tour, access: TourAccess): Tour | undefined {
  const view = viewFor(access);
  return view && tourInView(tour, view);
}

/** What of the tour this caller may see: the whole tour, a password tour's cover, or 403 for a private tour. */
export async function tourAsSeen(c: Context<AppEnv>, found: FoundTour): Promise<Tour> {
  const seen = tourSeenWith(found.tour, await callerAccess(c, found));
  if (!seen) throw new ApiError(403, 'TourPrivate', MESSAGES.privateTour);
  return seen;
}

/**
 * The tour as visitors see it. Pro Plus is read from the owner's type now, not written into the tour: while it
 * lasts, every tour of the owner is shown as a paid one (no lock, no watermark); after a downgrade the stored type
 * applies again. An unpublished locked tour shows its title and share picture only.
 */
function publishedView(tour: Tour): Tour {
  if (tour.owner?.type === PRO_PLUS) return tour.type === 'paid' ? tour : { ...tour, type: 'paid' };
  return tour.type === 'locked' ? withoutScenes(tour) : tour;
}

function withoutScenes(tour: Tour): Tour {
  const { ambience: _ambience, ...config } = tour.config;
  return { ...tour, images: [], floorplans: [], logo: '', defaultHotspotImage: '', config };
}

/** A password tour as shown before its password is given: no scenes, floor plans, media or share picture. */
function passwordCover(tour: Tour): Tour {
  return { ...withoutScenes(tour), socialImage: '', locked: true };
}
