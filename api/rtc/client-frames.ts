import { z } from 'zod';
import type { ClientFrame } from '../schema/video';

const coords = z.object({ x: z.number().finite(), y: z.number().finite(), z: z.number().finite() });
const sid = z.string().max(100);

const roomMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('host'), data: z.object({ hostSid: sid }) }),
  z.object({ type: z.literal('host_reset'), data: z.object({ senderSid: sid }).partial().default({}) }),
  z.object({ type: z.literal('host_request_changing'), data: z.object({ senderSid: sid }).partial().default({}) }),
  z.object({ type: z.literal('room_life_time_request'), data: z.object({ senderSid: sid }).partial().default({}) }),
  z.object({ type: z.literal('scene'), data: z.object({ senderSid: sid.optional(), sceneId: z.string().max(100), coords, fov: z.number().min(1).max(180) }) }),
  z.object({ type: z.literal('infospot'), data: z.object({ senderSid: sid.optional(), infospotId: z.string().max(100).nullable() }) }),
  z.object({ type: z.literal('signal'), data: z.object({ senderSid: sid.optional(), to: sid, payload: z.unknown() }) }),
]);

const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), version: z.literal(2), id: z.string().max(100), timeout: z.number().int().positive().optional(), token: z.string().max(4096) }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('msg'), body: roomMessage }),
  z.object({ type: z.literal('bye') }),
]);

/** Checks one frame from a client; unknown types and malformed JSON give the reason for a `bad` reply. */
export function parseClientFrame(text: string): { ok: true; frame: ClientFrame } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const result = clientFrame.safeParse(json);
  return result.success ? { ok: true, frame: result.data as ClientFrame } : { ok: false, reason: result.error.issues[0]?.message ?? 'invalid frame' };
}
