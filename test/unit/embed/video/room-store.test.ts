import { describe, expect, it } from 'vitest';
import type { RemoteParticipant } from '../../../../embed/video/providers/media-provider';
import * as room from '../../../../embed/video/room-store';
import { format } from '../../../../embed/i18n/catalog';
import { EN } from '../../../../embed/i18n/en';

/** A notice as an English speaker reads it, the name in its slot. */
const inEnglish = (notice: room.RoomNotice | undefined) => notice && format(EN, notice.key, notice.name === undefined ? {} : { name: notice.name });

const ann = { sid: 'PAann', identity: 'Ann::1' };
const bob: RemoteParticipant = { sid: 'PAbob', identity: 'Bob::2', stream: null, audioMuted: false };
const cy: RemoteParticipant = { sid: 'PAcy', identity: 'Cy::3', stream: null, audioMuted: false };

/** Ann in the room with Bob, nobody hosting. */
function inRoom(): room.ChatRoom {
  return room.welcomed(room.entered(room.joining(room.initialRoom('Ann'))), ann, [bob], null);
}

describe('the video chat room as pure transitions', () => {
  it('goes lobby → joining → room, and back to the lobby with the name kept when joining fails', () => {
    const start = room.initialRoom('Ann');
    expect(start.phase).toBe('lobby');
    expect(room.joining(start).phase).toBe('joining');
    expect(room.joinFailed(room.joining(start))).toEqual(start);
    expect(room.entered(room.joining(start))).toMatchObject({ phase: 'room', connection: 'connecting' });
    expect(start.phase).toBe('lobby'); // transitions never change the room they are given
  });

  it('keeps one entry per participant and their latest media', () => {
    let current = room.participantJoined(inRoom(), cy);
    current = room.participantJoined(current, { ...bob, audioMuted: true });
    expect(current.participants.map((p) => [p.sid, p.audioMuted])).toEqual([
      ['PAcy', false],
      ['PAbob', true],
    ]);
    current = room.mediaChanged(current, 'PAcy', { stream: null, audioMuted: true });
    expect(current.participants.find((p) => p.sid === 'PAcy')?.audioMuted).toBe(true);
    expect(room.participantLeft(current, 'PAbob').participants.map((p) => p.sid)).toEqual(['PAcy']);
  });

  it('names a new host in its notice, says so when it is us, and knows who hosts', () => {
    const current = inRoom();
    expect(inEnglish(room.hostNotice(current, 'PAbob'))).toBe('Bob is now sharing their screen.');
    expect(inEnglish(room.hostNotice(current, 'PAann'))).toBe('You are now sharing your screen.');
    expect(room.hostNotice(current, 'PAnobody')).toBeUndefined();
    expect(inEnglish(room.joinedNotice(cy))).toBe('Cy has joined the conversation.');
    expect(inEnglish(room.leftNotice(cy))).toBe('Cy has left the conversation.');
    expect([room.FOLLOWING, room.STOPPED_FOLLOWING].map(inEnglish)).toEqual([
      "You are following the host's screen.",
      "You stopped following the host's screen.",
    ]);
    const hosted = room.hostChanged(current, 'PAbob');
    expect(room.hostOf(hosted)?.identity).toBe('Bob::2');
    expect(room.isHost(hosted)).toBe(false);
    expect(room.isHost(room.hostChanged(current, 'PAann'))).toBe(true);
    expect(room.isHost(room.initialRoom('Ann'))).toBe(false);
  });

  it('stops following on a drag only while someone else hosts, and following can be switched back on', () => {
    expect(room.stoppedFollowing(inRoom())).toBeUndefined(); // no host
    expect(room.stoppedFollowing(room.hostChanged(inRoom(), 'PAann'))).toBeUndefined(); // we host
    const stopped = room.stoppedFollowing(room.hostChanged(inRoom(), 'PAbob'));
    expect(stopped?.following).toBe(false);
    expect(room.stoppedFollowing(stopped!)).toBeUndefined();
    expect(room.followingToggled(stopped!).following).toBe(true);
  });

  it('asks to go on when the clock runs out or someone else renews it, and restarts the clock on a yes', () => {
    expect(room.lifetimeEnded(inRoom()).askContinue).toBe('timer');
    expect(room.lifetimeRenewed(inRoom(), 5000)).toMatchObject({ askContinue: 'request', lifetimeStart: 5000 });
    expect(room.continued(room.lifetimeEnded(inRoom()), 9000)).toMatchObject({ askContinue: null, lifetimeStart: 9000 });
    expect(room.continueDeclined(room.lifetimeEnded(inRoom())).askContinue).toBeNull();
  });

  it('leaves for the lobby with the name kept and the people, host and switched-off media gone', () => {
    const busy = room.cameraToggled(room.mutedToggled(room.speakerChanged(room.hostChanged(inRoom(), 'PAbob'), 'PAbob')));
    expect(busy).toMatchObject({ muted: true, cameraOff: true });
    expect(room.left(busy)).toMatchObject({
      phase: 'lobby',
      name: 'Ann',
      mySid: '',
      participants: [],
      hostSid: null,
      speakerSid: null,
      muted: false,
      cameraOff: false,
    });
  });

  it('remembers the host’s last view and info spot while not following, and forgets them with another host', () => {
    const view = { senderSid: 'PAbob', sceneId: 'louvre', coords: { x: 1, y: 0, z: 0 }, fov: 70 };
    const stopped = room.stoppedFollowing(room.hostChanged(inRoom(), 'PAbob'))!;
    const seen = room.hostInfospotShared(room.hostViewShared(stopped, view), 'spot-1');
    expect(seen).toMatchObject({ following: false, hostView: view, hostInfospot: 'spot-1' });
    expect(room.followingToggled(seen)).toMatchObject({ following: true, hostView: view, hostInfospot: 'spot-1' });
    expect(room.hostChanged(seen, 'PAcy')).toMatchObject({ hostView: null, hostInfospot: null });
    expect(room.hostChanged(seen, null)).toMatchObject({ hostView: null, hostInfospot: null });
    expect(room.left(seen)).toMatchObject({ hostView: null, hostInfospot: null });
  });

  it('a store holds the latest room and tells its listeners only of real changes', () => {
    const store = room.createRoomStore(room.initialRoom('Ann'));
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.update(room.nameTyped, 'Bea');
    store.update(room.stoppedFollowing); // nothing to stop: no change
    expect(store.get().name).toBe('Bea');
    expect(calls).toBe(1);
    stop();
    store.update(room.joining);
    expect(calls).toBe(1);
  });
});
