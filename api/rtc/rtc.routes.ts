import { upgradeWebSocket } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { signedInWith } from '../auth/current-user';
import type { Db } from '../db/database';
import { VIDEO_ERRORS, type ClientFrame, type VideoErrorCode } from '../schema/video';
import { identityError, roomEntry, roomExists, roomNameError } from '../video/video-room';
import { verifyMeshToken, type VideoGrant } from '../video/video-token';
import { clientAddress } from '../http/rate-limit';
import { AddressConnections } from './address-connections';
import { parseClientFrame } from './client-frames';
import { guardedEvents } from './connection-guard';
import type { RoomHub } from './room-hub';

/**
 * The identity and room a hello's token grants, or the error code it is refused with: the token (20101–20107),
 * then the names in it (53100–53102, 53200–53202), then whether the room's tour still exists and this caller may
 * still be in it (53106): a tour made private, or a password changed, since the token was minted shuts it out.
 */
async function admit(
  hello: Extract<ClientFrame, { type: 'hello' }>,
  secret: string,
  db: Db,
): Promise<(VideoGrant & { owner: boolean; ownerSeat: boolean }) | { error: VideoErrorCode }> {
  const grant = await verifyMeshToken(hello.token, secret);
  if ('error' in grant) return grant;
  const error = roomNameError(grant.room) ?? identityError(grant.identity);
  if (error) return { error };
  const user = hello.auth === undefined ? undefined : (await signedInWith(db, hello.auth, secret))?.user;
  const entry = await roomEntry(db, grant.room, { user, tourAccessToken: hello.tourAccessToken }, secret);
  return entry ? { ...grant, ...entry } : { error: 53106 };
}

/**
 * `/api/rtc`: hello → welcome, heartbeats, msg, bye over one WebSocket. A client address holding its share of
 * this instance's connections has further ones refused as busy (53006).
 */
export function rtcRoutes(hub: RoomHub): Hono<AppEnv> {
  const connections = new AddressConnections();
  return new Hono<AppEnv>().get(
    '/',
    upgradeWebSocket((c) => {
      const address = clientAddress(c);
      const counted = connections.take(address, c.get('config').rtcConnectionsPerAddress);
      let sid: string | undefined;
      let greeting = false;
      return guardedEvents(hub.limits, hub.logger, (guard) => {
        if (!counted) {
          guard.socket.send({ type: 'error', code: 53006, message: VIDEO_ERRORS[53006] });
          guard.socket.close(4006, VIDEO_ERRORS[53006]);
        }
        return {
          async onMessage(event) {
            const { socket } = guard;
            const parsed = parseClientFrame(String(event.data));
            if (!parsed.ok) return socket.send({ type: 'bad', reason: parsed.reason, code: 53004 });
            const { frame } = parsed;
            if (sid) hub.seen(sid);
            if (frame.type === 'hello') {
              if (sid || greeting) return socket.send({ type: 'bad', reason: 'already greeted', code: 53004 });
              greeting = true;
              guard.cancelHelloDeadline();
              const grant = await admit(frame, c.get('config').jwtSecret, c.get('db'));
              // Gone while its hello was being checked: nothing to join, and nobody to tell.
              if (!guard.open) return;
              if ('error' in grant) {
                socket.send({ type: 'error', code: grant.error, message: VIDEO_ERRORS[grant.error] });
                return socket.close(4000 + (grant.error % 1000), VIDEO_ERRORS[grant.error]);
              }
              sid = await hub.join(socket, grant.identity, grant.room, {
                requestedTimeout: frame.timeout,
                address,
                owner: grant.owner,
                ownerSeat: grant.ownerSeat,
                seatsPerAddress: c.get('config').roomSeatsPerAddress,
              });
              // A tour deleted while this hello was being checked has ended its room before this join: end it again.
              if (sid && !(await roomExists(c.get('db'), grant.room))) await hub.endRoom(grant.room);
              return;
            }
            if (!sid) return socket.send({ type: 'bad', reason: 'say hello first', code: 53004 });
            if (frame.type === 'msg' && guard.admitMessage(frame.body.type)) await hub.message(sid, frame.body);
            if (frame.type === 'bye') {
              await hub.leave(sid);
              sid = undefined;
              socket.send({ type: 'bye' });
              socket.close(1000, 'bye');
            }
          },
          async onClose() {
            if (counted) connections.release(address);
            if (sid) await hub.leave(sid);
            sid = undefined;
          },
        };
      });
    }),
  );
}
