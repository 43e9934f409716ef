import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  decodedFrames,
  dragPanorama,
  landsWhereHostLooks,
  mySid,
  noticesSeen,
  noticesShown,
  recordNotices,
  videoChatRig,
  viewOf,
  yawGap,
} from './support/video-chat';

const rig = videoChatRig();

/** The host turns by dragging; answers once the host's own view has really moved, so followers have something to follow. */
async function hostTurns(host: Page, fraction: number): Promise<void> {
  const before = (await viewOf(host))!.yaw;
  await dragPanorama(host, fraction);
  await expect.poll(async () => yawGap((await viewOf(host))!.yaw, before), { timeout: 10_000 }).toBeGreaterThan(5);
}

/** The host walks through the hotspot to Puy de Sancy; a turn only registers once it has loaded (its link to the Louvre is drawn). */
async function hostWalksToPuyDeSancy(host: Page): Promise<void> {
  await host.locator('#tour .tv-hotspot[data-scene-id="puy-de-sancy"]').click();
  await expect.poll(() => host.locator('#tour .tv-hotspot[data-scene-id="louvre"]').count(), { timeout: 20_000 }).toBe(1);
}

describe('live video chat with a host guiding the view', () => {
  it('connects two visitors who see each other, and the follower lands where the host looks', async () => {
    const ann = await rig.join('Ann');
    await recordNotices(ann);
    const bob = await rig.join('Bob');
    await recordNotices(bob);
    const [annSid, bobSid] = [await mySid(ann), await mySid(bob)];
    await expect.poll(() => noticesSeen(ann)).toContain('Bob has joined the conversation.');
    await expect.poll(() => decodedFrames(ann, bobSid!), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => decodedFrames(bob, annSid!), { timeout: 30_000 }).toBeGreaterThan(0);
    // Both fake microphones beep: one of the two is found speaking, and only that tile is ringed.
    await expect.poll(() => bob.locator('#tour .vc-tile--speaking').count(), { timeout: 20_000 }).toBe(1);
    const speaker = await bob.locator('#tour .vc-tile--speaking').getAttribute('data-sid');
    expect([annSid, bobSid]).toContain(speaker);

    await ann.locator('#tour .vc-controls').getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => bob.locator(`#tour .vc-tile[data-sid="${annSid}"] [aria-label="Host"]`).count()).toBe(1);
    // Bob may hear of the new host before Ann does: both get the server's broadcast, in either order.
    await expect.poll(() => ann.locator('#tour .vc-controls').getByRole('button', { name: 'Stop Sharing' }).count()).toBe(1);
    expect(await bob.locator('#tour .vc-controls').getByRole('button', { name: 'Request to host' }).count()).toBe(1);
    await expect.poll(() => noticesSeen(ann)).toContain('You are now sharing your screen.');
    await expect.poll(() => noticesSeen(bob)).toContain('Ann is now sharing their screen.');
    // Each notice hides on its own after a few seconds; the timeout is a hang guard.
    await expect.poll(() => noticesShown(bob), { timeout: 20_000 }).toEqual([]);

    // The host walks through a hotspot and then turns; the follower lands on the same scene and looks the same way.
    await hostWalksToPuyDeSancy(ann);
    await expect.poll(async () => (await viewOf(bob))?.sceneId, { timeout: 20_000 }).toBe('puy-de-sancy');
    await landsWhereHostLooks(ann, bob);
    await hostTurns(ann, -0.15);
    await landsWhereHostLooks(ann, bob);

    bob.locator('#tour .vc-controls').getByRole('button', { name: 'Request to host' }).click();
    const request = ann.locator('#tour .vc-modal');
    await expect.poll(() => request.textContent()).toContain('Another user requests to be a host. Allow host changing?');
    await request.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => ann.locator(`#tour .vc-tile[data-sid="${bobSid}"] [aria-label="Host"]`).count()).toBe(1);

    await bob.locator('#tour .vc-controls').getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => ann.locator('#tour [aria-label="Host"]').count()).toBe(0);
  });

  it('asks to continue when the room lifetime runs out: yes resets the others, and a countdown reaching zero leaves', async () => {
    // The room lifetime (30 minutes) is shortened through the chat's test hook.
    const shortClock = 'window.__TOUR_CHAT_LIFETIME_MS__ = 4000;';
    // Dan joins first, so Cat's short clock (and her 15-second countdown) cannot run out while Dan is still joining.
    const dan = await rig.join('Dan', 'window.__TOUR_CHAT_LIFETIME_MS__ = 600000;');
    const cat = await rig.join('Cat', shortClock);
    const danSid = await mySid(dan);
    const prompt = cat.locator('#tour [aria-label="Continue chatting"]');
    await expect.poll(() => prompt.count(), { timeout: 20_000 }).toBe(1);
    expect(await prompt.textContent()).toContain('Do you want to continue chating? The window closes through the remaining seconds.');
    await prompt.getByRole('button', { name: 'Yes' }).click();
    const danPrompt = dan.locator('#tour [aria-label="Continue chatting"]');
    await expect.poll(() => danPrompt.count()).toBe(1);
    expect(Number(await danPrompt.getByRole('timer').textContent())).toBeLessThanOrEqual(15);
    // Dan does not answer: at zero he leaves the room, and Cat sees him go.
    await expect.poll(() => cat.locator(`#tour .vc-tile[data-sid="${danSid}"]`).count(), { timeout: 30_000 }).toBe(0);
    expect(await dan.locator('#tour .vc-lobby').count()).toBe(1);
  });

  it('three visitors all see each other; a follower who dragged away is not pulled back until they follow again', async () => {
    // Start from an empty room: the earlier visitors go home.
    await rig.leaveAll();
    const [eve, fay, gus] = [await rig.join('Eve'), await rig.join('Fay'), await rig.join('Gus')];
    const pages = [eve, fay, gus];
    const sids = await Promise.all(pages.map(mySid));
    for (const [i, page] of pages.entries()) {
      for (const [j, sid] of sids.entries()) {
        if (i !== j) await expect.poll(() => decodedFrames(page, sid!), { timeout: 30_000 }).toBeGreaterThan(0);
      }
    }

    await eve.locator('#tour .vc-controls').getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => gus.locator(`#tour .vc-tile[data-sid="${sids[0]}"] [aria-label="Host"]`).count()).toBe(1);

    // Gus drags his panorama: he stops following.
    await recordNotices(gus);
    await dragPanorama(gus, -0.1);
    const gusFollow = gus.locator('#tour .vc-controls').getByRole('button', { name: 'Follow host' });
    await expect.poll(() => gusFollow.count()).toBe(1);
    await expect.poll(() => noticesSeen(gus)).toContain("You stopped following the host's screen.");

    await hostWalksToPuyDeSancy(eve);
    await hostTurns(eve, 0.1);
    await landsWhereHostLooks(eve, fay);
    expect((await viewOf(gus))!.sceneId).toBe('jordan-pond');

    // Following again, Gus goes where the host looks next, and so does Fay.
    await gusFollow.click();
    await expect.poll(() => noticesSeen(gus)).toContain("You are following the host's screen.");
    await hostTurns(eve, -0.1);
    await landsWhereHostLooks(eve, gus);
    await landsWhereHostLooks(eve, fay);
    // A hang guard, not a speed limit: three Chromiums sending and decoding video share two cores with other tests.
  }, 300_000);

  it('a late joiner lands where the host stands still; the host moves by the reel and keeps fullscreen; a follower who follows again catches up; leaves are announced', async () => {
    await rig.leaveAll();
    const hal = await rig.join('Hal');
    await recordNotices(hal);
    await hal.locator('#tour .vc-controls').getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => hal.locator('#tour .vc-controls').getByRole('button', { name: 'Stop Sharing' }).count()).toBe(1);
    // The host keeps the scene reel and fullscreen during the chat, and walks by the reel.
    await expect.poll(() => hal.locator('#tour .tv-reel').count()).toBe(1);
    expect(await hal.locator('#tour').getByRole('button', { name: 'Fullscreen' }).count()).toBe(1);
    await hal.locator('#tour .tv-reel__tile[data-scene-id="puy-de-sancy"]').click();
    await expect.poll(() => hal.locator('#tour .tv-hotspot[data-scene-id="louvre"]').count(), { timeout: 20_000 }).toBe(1);
    await hostTurns(hal, -0.15);

    // Ivy joins while Hal stands still: she is brought to his scene and view without him moving again.
    const ivy = await rig.join('Ivy');
    await expect.poll(async () => (await viewOf(ivy))?.sceneId, { timeout: 20_000 }).toBe('puy-de-sancy');
    await landsWhereHostLooks(hal, ivy);
    // A follower's controls stay hidden.
    expect(await ivy.locator('#tour .tv-reel').count()).toBe(0);

    // Ivy looks away and stops following; Hal turns; following again brings her to him at once.
    await dragPanorama(ivy, 0.1);
    const follow = ivy.locator('#tour .vc-controls').getByRole('button', { name: 'Follow host' });
    await expect.poll(() => follow.count()).toBe(1);
    await hostTurns(hal, 0.15);
    await follow.click();
    await landsWhereHostLooks(hal, ivy);

    await ivy.locator('#tour .vc-controls').getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => noticesSeen(hal)).toContain('Ivy has left the conversation.');
  }, 300_000);
});
