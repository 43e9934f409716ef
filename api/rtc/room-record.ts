import type { RoomMessage } from '../schema/video';

type SceneData = Extract<RoomMessage, { type: 'scene' }>['data'];

/**
 * What a room remembers between messages: who hosts, and where the host was last seen looking and which info spot
 * they have open, so that someone who joins while the host stands still is shown that place at once. Kept small,
 * flat and JSON-shaped, so that rooms spanning several servers can hold it in a shared store instead of memory.
 */
export interface RoomRecord {
  hostSid: string | null;
  /** The host's last `scene` message, stamped with the host's sid; null until the host shares one. */
  view: SceneData | null;
  /** The info spot the host has open, if any. */
  infospotId: string | null;
}

/** A new host (or none) starts from nothing: the previous host's view is not where the new one looks. */
export const hostChosen = (hostSid: string | null): RoomRecord => ({ hostSid, view: null, infospotId: null });

export const viewShared = (record: RoomRecord, view: SceneData): RoomRecord => ({ ...record, view });

export const infospotShared = (record: RoomRecord, infospotId: string | null): RoomRecord => ({ ...record, infospotId });

/** The messages that bring a newcomer to where the host is, in the order the host sent them: the view, then the open info spot. */
export function catchUp(record: RoomRecord): RoomMessage[] {
  if (!record.hostSid || !record.view) return [];
  const messages: RoomMessage[] = [{ type: 'scene', data: record.view }];
  if (record.infospotId) messages.push({ type: 'infospot', data: { senderSid: record.hostSid, infospotId: record.infospotId } });
  return messages;
}
