import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mySid, videoChatRig } from './support/video-chat';

const rig = videoChatRig();
const PASSWORD = 'open sesame';

describe('the video room of a password tour', () => {
  it('lets visitors who gave the password join it, in the real element on a partner page', async () => {
    const owner = await rig.builder.owner();
    const auth = { Authorization: `JWT ${owner.token}`, 'Content-Type': 'application/json' };
    const clone = await (await fetch(`${rig.server.origin}/api/tours/demo/clone`, { headers: auth })).json();
    rig.builder.setType(clone.shortId, 'paid');
    const saved = await fetch(`${rig.server.origin}/api/tours/${clone.shortId}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ ...clone, privacy: 'Password', password: PASSWORD }),
    });
    expect(saved.status).toBe(200);

    // Without the password the room is shut: the token route answers as for a missing room.
    const refused = await fetch(`${rig.server.origin}/api/mesh/video-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: 'Eve::1', room: String(clone.id) }),
    });
    expect(refused.status).toBe(404);

    const pages: Page[] = [];
    for (const name of ['Kim', 'Lou']) {
      const page = await rig.openTour(clone.shortId);
      await page.locator('#tour .tv-password').getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.locator('#tour .tv-password').getByRole('button', { name: 'Submit' }).click();
      await page.locator('#tour .vc-lobby').getByPlaceholder('Enter Your Name').fill(name);
      await page.locator('#tour .vc-lobby').getByRole('button', { name: 'Connect' }).click();
      await expect.poll(() => page.locator('#tour .vc-room').getAttribute('data-connection'), { timeout: 20_000 }).toBe('connected');
      await expect.poll(() => mySid(page), { timeout: 20_000 }).toMatch(/^PA/);
      pages.push(page);
    }
    await expect.poll(() => pages[0].locator('#tour .vc-tile').count(), { timeout: 20_000 }).toBe(2);
  });
});
