import type { Db } from '../db/database';
import type { VideoErrorCode } from '../schema/video';

/** Twilio's limits for room names and identities, kept so that a room works on either provider. */
export const ROOM_NAME_MAX = 128;
export const IDENTITY_MAX = 256;

/** The SPEC.md §8 room-name error (53100–53102), or undefined for a good name: letters, digits, '_' and '-'. */
export function roomNameError(room: unknown): VideoErrorCode | undefined {
  if (typeof room !== 'string' || room.length === 0) return 53100;
  if (room.length > ROOM_NAME_MAX) return 53101;
  if (!/^[\w-]+$/.test(room)) return 53102;
  return undefined;
}

/** The SPEC.md §8 identity error (53200–53202), or undefined: a display name, '::' and a suffix, no control characters. */
export function identityError(identity: unknown): VideoErrorCode | undefined {
  if (typeof identity !== 'string' || identity.trim().length === 0) return 53200;
  if (identity.length > IDENTITY_MAX) return 53201;
  if (/\p{Cc}/u.test(identity)) return 53202;
  return undefined;
}

/**
 * Every tour has one room, named by the tour's id; a room exists while its tour does, so a name that names no
 * tour (or a tour deleted since the token was minted) is SPEC.md §8's 53106 Room not found.
 */
export async function roomExists(db: Db, room: string): Promise<boolean> {
  if (!/^\d{1,15}$/.test(room)) return false;
  const tour = await db.selectFrom('tour').select('id').where('id', '=', Number(room)).executeTakeFirst();
  return tour !== undefined;
}
