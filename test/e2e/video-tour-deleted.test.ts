import { describe, expect, it } from 'vitest';
import { videoChatRig } from './support/video-chat';

const rig = videoChatRig();

describe('a tour deleted during a video chat', () => {
  it('ends the chat for good: 53118 Room completed is shown, everyone is back in the lobby and nobody reconnects', async () => {
    const owner = await rig.builder.owner();
    const cloned = await fetch(`${rig.server.origin}/api/tours/demo/clone`, { headers: { Authorization: `JWT ${owner.token}` } });
    const { shortId } = (await cloned.json()) as { shortId: string };
    rig.builder.setType(shortId, 'paid');
    const pages = [await rig.join('Kim', undefined, shortId), await rig.join('Lou', undefined, shortId)];
    await expect.poll(() => pages[0].locator('#tour .vc-tile').count(), { timeout: 20_000 }).toBe(2);

    const deleted = await fetch(`${rig.server.origin}/api/tours/${shortId}`, { method: 'DELETE', headers: { Authorization: `JWT ${owner.token}` } });
    expect(deleted.status).toBe(200);
    for (const page of pages) {
      // The service's error with its message, then the visitor leaves the chat.
      await expect.poll(() => page.locator('#tour .vc-error').allTextContents(), { timeout: 20_000 }).toEqual(['Something went wrong. Room completed']);
      await expect.poll(() => page.locator('#tour .vc-lobby').count()).toBe(1);
    }
    // Nothing came after: no second toast (a reconnection would be refused with 53106 Room not found).
    for (const page of pages) expect(await page.locator('#tour .vc-error').allTextContents()).toEqual(['Something went wrong. Room completed']);
  });
});
