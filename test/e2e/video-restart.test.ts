import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectionStatesOf as statesOf, recordConnectionStates, videoChatRig } from './support/video-chat';

const rig = videoChatRig();

async function joinAs(name: string): Promise<Page> {
  const page = await rig.join(name);
  await recordConnectionStates(page);
  return page;
}

describe('live video chat across a server restart', () => {
  it('shows reconnecting, then recovers or ends with the signalling error', async () => {
    const pages = [await joinAs('Ivy'), await joinAs('Jon')];
    await rig.restartServer();

    for (const page of pages) {
      await expect.poll(() => statesOf(page), { timeout: 30_000 }).toContain('reconnecting');
      // A room that cannot come back ends: the visitor is back in the lobby (the room is 'gone') with the error's toast.
      await expect.poll(async () => (await statesOf(page)).at(-1), { timeout: 60_000 }).toMatch(/^(connected|gone)$/);
      if ((await statesOf(page)).at(-1) === 'gone') {
        expect(await page.locator('#tour .vc-error').textContent()).toBe('Something went wrong. Signaling connection disconnected');
        expect(await page.locator('#tour .vc-lobby').count()).toBe(1);
      }
    }
    // Whoever came back meets whoever else came back in the new room.
    const recovered = [];
    for (const page of pages) if ((await statesOf(page)).at(-1) === 'connected') recovered.push(page);
    for (const page of recovered) {
      await expect.poll(() => page.locator('#tour .vc-tile').count(), { timeout: 30_000 }).toBe(recovered.length);
    }
  });
});
