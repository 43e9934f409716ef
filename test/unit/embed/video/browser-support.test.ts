import { describe, expect, it } from 'vitest';
import { canJoinVideoChat, type BrowserCapabilities } from '../../../../embed/video/browser-support';

const capable: BrowserCapabilities = { mediaCapture: true, peerConnection: true };

/** Stands in for twilio-video's own isSupported (Twilio's library, replaced at its boundary), counting the times it is asked. */
function twilioCheck(verdict: boolean) {
  const check = async () => {
    check.asked += 1;
    return verdict;
  };
  check.asked = 0;
  return check;
}

// Decided by capability, never by user agent: Samsung Internet, Opera and in-app browsers that can run the chat may join.
describe('canJoinVideoChat', () => {
  it('lets any browser with the camera and peer connections join the built-in (mesh) chat, without asking Twilio', async () => {
    const twilio = twilioCheck(false);
    expect(await canJoinVideoChat(capable, 'mesh', twilio)).toBe(true);
    expect(twilio.asked).toBe(0);
  });

  it('turns a browser away only where a capability is really missing', async () => {
    const twilio = twilioCheck(true);
    expect(await canJoinVideoChat({ ...capable, mediaCapture: false }, 'mesh', twilio)).toBe(false);
    expect(await canJoinVideoChat({ ...capable, peerConnection: false }, 'mesh', twilio)).toBe(false);
    expect(await canJoinVideoChat({ ...capable, peerConnection: false }, 'twilio', twilio)).toBe(false);
  });

  it('leaves Twilio rooms to Twilio’s own check (Twilio stood in for)', async () => {
    expect(await canJoinVideoChat(capable, 'twilio', twilioCheck(true))).toBe(true);
    expect(await canJoinVideoChat(capable, 'twilio', twilioCheck(false))).toBe(false);
  });
});
