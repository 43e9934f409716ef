import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../../api/schema/video';
import { textContrastOf, videoChatRig } from './support/video-chat';

const rig = videoChatRig();

/**
 * A participant without a browser: a token from the real token route, then a hello on /api/rtc, answering the
 * server's heartbeats. The server counts it exactly as a browser, which joins through the same two steps; six
 * Chromium contexts with fake media would not fit on these two-core machines. Resolves once it is welcomed.
 */
async function socketParticipant(origin: string, identity: string, room: string): Promise<WebSocket> {
  const response = await fetch(`${origin}/api/mesh/video-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity, room }),
  });
  const { token } = (await response.json()) as { token: string };
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/rtc`);
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === 'heartbeat') socket.send(JSON.stringify({ type: 'heartbeat' }));
      if (frame.type === 'welcome') resolve();
      if (frame.type === 'error') reject(new Error(`${identity} refused: ${frame.code} ${frame.message}`));
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'hello', version: 2, id: identity, token })));
    socket.once('error', reject);
  });
  return socket;
}

describe('the mesh room cap', () => {
  it('refuses a seventh participant with 53105: the visitor sees the error and is back in the lobby', async () => {
    const { origin } = rig.server;
    const { id } = (await (await fetch(`${origin}/api/tours/demo`)).json()) as { id: number };
    const six = [];
    for (let i = 1; i <= 6; i++) six.push(await socketParticipant(origin, `Guest ${i}::${i}`, String(id)));

    const zoe = await rig.openLobby('Zoe');
    await zoe.locator('#tour .vc-lobby').getByRole('button', { name: 'Connect' }).click();
    // The service's error is shown with its message, and the visitor is back in the lobby.
    await expect
      .poll(() => zoe.locator('#tour .vc-error').allTextContents(), { timeout: 20_000 })
      .toEqual(['Something went wrong. Room contains too many Participants']);
    await expect.poll(() => zoe.locator('#tour .vc-lobby').count()).toBe(1);
    // Readable over the white lobby: a box of its own, and text at 4.5:1 or more.
    const { ratio, ownBackground } = await textContrastOf(zoe.locator('#tour .vc-error'));
    expect(ownBackground).toMatch(/^rgb\(/);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    // The six are still there: the refusal took no one's place.
    expect(six.every((socket) => socket.readyState === WebSocket.OPEN)).toBe(true);
    for (const socket of six) socket.close();
  });
});
