import { z } from 'zod';
import type { ClientFrame } from '../schema/video';
import { TOKEN_MAX } from '../video/video-room';

const coords = z.object({ x: z.number().finite(), y: z.number().finite(), z: z.number().finite() });
const sid = z.string().max(100);

/**
 * The mesh client's signals: an SDP description, an ICE candidate (as RTCIceCandidate.toJSON gives it) or its
 * microphone state. Only these are relayed, and only their known fields.
 */
const signalPayload = z.union([
  z.object({ description: z.object({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.string().optional() }) }),
  z.object({
    candidate: z.object({
      candidate: z.string().max(1000),
      sdpMid: z.string().max(100).nullish(),
      sdpMLineIndex: z.number().int().min(0).max(1000).nullish(),
      usernameFragment: z.string().max(256).nullish(),
    }),
  }),
  z.object({ audioMuted: z.boolean() }),
]);

/** Honest frames nest five deep (frame, body, data, payload, description); far deeper JSON is refused unparsed. */
const MAX_DEPTH = 8;

function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (++depth > max) return true;
    } else if (char === '}' || char === ']') depth--;
  }
  return false;
}

const roomMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('host'), data: z.object({ hostSid: sid }) }),
  z.object({ type: z.literal('host_reset'), data: z.object({ senderSid: sid }).partial().default({}) }),
  z.object({ type: z.literal('host_request_changing'), data: z.object({ senderSid: sid }).partial().default({}) }),
  z.object({ type: z.literal('room_life_time_request'), data: z.object({ senderSid: sid }).partial().default({}) }),
  z.object({ type: z.literal('scene'), data: z.object({ senderSid: sid.optional(), sceneId: z.string().max(100), coords, fov: z.number().min(1).max(180) }) }),
  z.object({ type: z.literal('infospot'), data: z.object({ senderSid: sid.optional(), infospotId: z.string().max(100).nullable() }) }),
  z.object({ type: z.literal('signal'), data: z.object({ senderSid: sid.optional(), to: sid, payload: signalPayload }) }),
]);

const clientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    version: z.literal(2),
    id: z.string().max(100),
    timeout: z.number().int().positive().optional(),
    token: z.string().max(TOKEN_MAX),
    auth: z.string().max(TOKEN_MAX).optional(),
    tourAccessToken: z.string().max(TOKEN_MAX).optional(),
  }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('msg'), body: roomMessage }),
  z.object({ type: z.literal('bye') }),
]);

/** Checks one frame from a client; unknown types and malformed JSON give the reason for a `bad` reply. */
export function parseClientFrame(text: string): { ok: true; frame: ClientFrame } | { ok: false; reason: string } {
  if (nestsDeeperThan(text, MAX_DEPTH)) return { ok: false, reason: 'nested too deep' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const result = clientFrame.safeParse(json);
  return result.success ? { ok: true, frame: result.data as ClientFrame } : { ok: false, reason: result.error.issues[0]?.message ?? 'invalid frame' };
}
