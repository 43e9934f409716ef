import type { PeerSocket } from '../../api/rtc/connection-guard';
import type { RoomMessage, ServerFrame } from '../../api/schema/video';

/** A socket that keeps what the hub sends it, and how the hub closed it. */
export function recordingSocket(): PeerSocket & { frames: ServerFrame[]; closed?: { code: number; reason: string }; messages(): RoomMessage[] } {
  const frames: ServerFrame[] = [];
  const socket = {
    frames,
    closed: undefined as { code: number; reason: string } | undefined,
    send: (frame: ServerFrame) => void frames.push(frame),
    close: (code: number, reason: string) => void (socket.closed ??= { code, reason }),
    messages: () => frames.flatMap((frame) => (frame.type === 'msg' ? [frame.body] : [])),
  };
  return socket;
}
