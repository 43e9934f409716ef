import { afterEach, describe, expect, it } from 'vitest';
import { RoomHub } from '../../../../api/rtc/room-hub';
import { catchUp, hostChosen, infospotShared, viewShared } from '../../../../api/rtc/room-record';
import { recordingSocket } from '../../../support/recording-socket';

const hubs: RoomHub[] = [];
async function hubWithHost() {
  const hub = new RoomHub();
  hubs.push(hub);
  const hostSocket = recordingSocket();
  const hostSid = (await hub.join(hostSocket, 'Ann::1', 'room'))!;
  await hub.message(hostSid, { type: 'host', data: { hostSid } });
  return { hub, hostSid };
}

afterEach(async () => {
  for (const hub of hubs.splice(0)) for (const { sid } of await hub.participants('room')) await hub.leave(sid);
});

const view = { sceneId: 'louvre', coords: { x: 1, y: 0, z: 0 }, fov: 70 };

describe('the room record', () => {
  it('catches a newcomer up with the host view and open info spot only once a host has shared a view', () => {
    const record = hostChosen('PAhost');
    expect(catchUp(hostChosen(null))).toEqual([]);
    expect(catchUp(record)).toEqual([]);
    const shared = infospotShared(viewShared(record, { ...view, senderSid: 'PAhost' }), 'spot-1');
    expect(catchUp(shared)).toEqual([
      { type: 'scene', data: { ...view, senderSid: 'PAhost' } },
      { type: 'infospot', data: { senderSid: 'PAhost', infospotId: 'spot-1' } },
    ]);
    expect(catchUp(infospotShared(shared, null))).toHaveLength(1);
    // A record is a plain JSON value: it can live in a shared store as it is.
    expect(JSON.parse(JSON.stringify(shared))).toEqual(shared);
  });
});

describe('the room hub keeps the host view for late joiners', () => {
  it('sends a joiner the host’s last view and open info spot right after the welcome', async () => {
    const { hub, hostSid } = await hubWithHost();
    await hub.message(hostSid, { type: 'scene', data: { senderSid: 'forged', ...view } });
    await hub.message(hostSid, { type: 'infospot', data: { senderSid: hostSid, infospotId: 'spot-1' } });
    const late = recordingSocket();
    await hub.join(late, 'Bob::2', 'room');
    expect(late.frames.map((frame) => frame.type)).toEqual(['welcome', 'msg', 'msg']);
    expect(late.frames[0]).toMatchObject({ type: 'welcome', hostSid });
    // Stamped with the host's own sid, whatever the host's message said.
    expect(late.messages()).toEqual([
      { type: 'scene', data: { ...view, senderSid: hostSid } },
      { type: 'infospot', data: { senderSid: hostSid, infospotId: 'spot-1' } },
    ]);
  });

  it('keeps only the latest view, and forgets an info spot the host closed', async () => {
    const { hub, hostSid } = await hubWithHost();
    await hub.message(hostSid, { type: 'infospot', data: { senderSid: hostSid, infospotId: 'spot-1' } });
    await hub.message(hostSid, { type: 'scene', data: { senderSid: hostSid, ...view } });
    await hub.message(hostSid, { type: 'scene', data: { senderSid: hostSid, ...view, fov: 50 } });
    await hub.message(hostSid, { type: 'infospot', data: { senderSid: hostSid, infospotId: null } });
    const late = recordingSocket();
    await hub.join(late, 'Bob::2', 'room');
    expect(late.messages()).toEqual([{ type: 'scene', data: { ...view, fov: 50, senderSid: hostSid } }]);
  });

  it('forgets the view when the host stops sharing, hands over or leaves, and ignores views from others', async () => {
    const { hub, hostSid } = await hubWithHost();
    const bob = recordingSocket();
    const bobSid = (await hub.join(bob, 'Bob::2', 'room'))!;
    await hub.message(bobSid, { type: 'scene', data: { senderSid: bobSid, ...view } });
    const first = recordingSocket();
    await hub.join(first, 'Cy::3', 'room');
    expect(first.messages()).toEqual([]);

    await hub.message(hostSid, { type: 'scene', data: { senderSid: hostSid, ...view } });
    await hub.message(hostSid, { type: 'host', data: { hostSid: bobSid } });
    const afterHandOver = recordingSocket();
    await hub.join(afterHandOver, 'Dee::4', 'room');
    expect(afterHandOver.messages()).toEqual([]);

    await hub.message(bobSid, { type: 'scene', data: { senderSid: bobSid, ...view } });
    await hub.leave(bobSid);
    const afterLeave = recordingSocket();
    await hub.join(afterLeave, 'Eve::5', 'room');
    expect(afterLeave.messages()).toEqual([]);
    expect(await hub.hostOf('room')).toBe(null);
  });
});
