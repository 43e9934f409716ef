import type { Db } from '../db/database';
import { parseNumericId } from '../http/numeric-id';
import type { VideoErrorCode } from '../schema/video';
import { tourAccess, type FoundTour, type TourCaller } from '../tours/tour-access';
import { findTourById, tourFromRecord } from '../tours/tour.repository';

/** Twilio's limits for room names and identities, kept so that a room works on either provider. */
export const ROOM_NAME_MAX = 128;
export const IDENTITY_MAX = 256;
/** Longest token the video routes and the socket's hello read: ours are a few hundred characters. */
export const TOKEN_MAX = 4096;

/** The room-name error (53100–53102), or undefined for a good name: letters, digits, '_' and '-'. */
export function roomNameError(room: unknown): VideoErrorCode | undefined {
  if (typeof room !== 'string' || room.length === 0) return 53100;
  if (room.length > ROOM_NAME_MAX) return 53101;
  if (!/^[\w-]+$/.test(room)) return 53102;
  return undefined;
}

/** The identity error (53200–53202), or undefined: a display name, '::' and a suffix, no control characters. */
export function identityError(identity: unknown): VideoErrorCode | undefined {
  if (typeof identity !== 'string' || identity.trim().length === 0) return 53200;
  if (identity.length > IDENTITY_MAX) return 53201;
  if (/\p{Cc}/u.test(identity)) return 53202;
  return undefined;
}

/** The tour whose room this is: every tour has one, named by the tour's id, which lasts as long as the tour. */
async function roomTour(db: Db, room: string): Promise<FoundTour | undefined> {
  const id = parseNumericId(room);
  const record = id === undefined ? undefined : await findTourById(db, id);
  return record && { record, tour: tourFromRecord(record) };
}

/** A name that names no tour (or a tour deleted since the token was minted) is 53106 Room not found. */
export async function roomExists(db: Db, room: string): Promise<boolean> {
  return (await roomTour(db, room)) !== undefined;
}

/**
 * Whether the caller may be in the room: its tour exists and they may join its video. A room they may not enter
 * is refused as one that does not exist (53106), so room names do not tell which private tours exist.
 */
export async function mayEnterRoom(db: Db, room: string, caller: TourCaller, secret: string): Promise<boolean> {
  return (await roomEntry(db, room, caller, secret)) !== undefined;
}

/**
 * How the caller enters the room, or undefined when not at all: `owner` is the tour's owner; `ownerSeat` says the
 * tour has an owner, whose seat the room keeps for them.
 */
export async function roomEntry(db: Db, room: string, caller: TourCaller, secret: string): Promise<{ owner: boolean; ownerSeat: boolean } | undefined> {
  const found = await roomTour(db, room);
  if (!found) return undefined;
  const access = await tourAccess(db, found, caller, secret);
  return access.joinsVideo ? { owner: access.owns, ownerSeat: found.tour.userId !== null } : undefined;
}
