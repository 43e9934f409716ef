import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let tour: { id: number; shortId: string; revision: number };

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'Owner');
  other = await signUp(t, 'Other');
  tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const form = new FormData();
  form.set('image', new File([new Uint8Array(await smallPanorama())], 'Hall.jpg'));
  form.set('tourId', String(tour.id));
  const uploaded = await (await t.app.request('/api/images/', { method: 'POST', body: form, headers: owner.auth })).json();
  const saved = await t.app.request(
    `/api/tours/${tour.shortId}`,
    json(
      { revision: tour.revision, title: 'Secret <b>house</b>', images: [{ id: 'hall', title: 'Hall', url: uploaded.url, thumbUrl: uploaded.thumbUrl }] },
      owner.auth,
    ),
  );
  expect(saved.status).toBe(200);
  tour = await saved.json();
  // Published with a free tour: a locked tour shows visitors no scenes.
  expect((await t.app.request(`/api/tours/${tour.shortId}/unlock/free`, { method: 'POST', headers: owner.auth })).status).toBe(200);
});

async function setPrivacy(privacy: 'Public' | 'Private' | 'Password'): Promise<void> {
  // A save sends the whole tour, as the admin does.
  const body = { ...tour, privacy, ...(privacy === 'Password' ? { password: 'open sesame' } : {}) };
  const saved = await t.app.request(`/api/tours/${tour.shortId}`, json(body, owner.auth));
  expect(saved.status).toBe(200);
  tour = await saved.json();
}

describe('the default social image', () => {
  it('is a real 1200×630 JPEG cut from the first scene, cached after the first request', async () => {
    const response = await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const image = (tour as unknown as { images: Array<{ url: string }> }).images[0].url.split('/').pop()!;
    expect(existsSync(join(t.config.dataDir, 'media', 'social', image))).toBe(true);
    const again = Buffer.from(await (await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });

  it('is still served for a locked tour, shown to visitors with its title and this picture only', async () => {
    await t.db.updateTable('tour').set({ type: 'locked' }).where('short_id', '=', tour.shortId).execute();
    expect((await (await t.app.request(`/api/tours/${tour.shortId}`)).json()).images).toEqual([]);
    const response = await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });

  it('is not given to non-owners of private or password tours', async () => {
    await setPrivacy('Private');
    expect((await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`, { headers: other.auth })).status).toBe(403);
    expect((await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`, { headers: owner.auth })).status).toBe(200);
    await setPrivacy('Password');
    expect((await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`)).status).toBe(404);
  });

  it('answers 404 in the one error shape for a tour without scenes', async () => {
    const empty = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
    const response = await t.app.request(`/api/tours/${empty.shortId}/meta/center.jpg`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('NotFound');
  });
});

describe('the public tour page', () => {
  async function page(): Promise<string> {
    return (await t.app.request(`/tours/${tour.shortId}`)).text();
  }

  it('embeds a public tour whole, with its text escaped', async () => {
    const html = await page();
    expect(html).toContain('id="tour-data"');
    expect(html).toContain(tour.shortId);
    expect(html).toContain('/media/tours/');
    expect(html).not.toContain('<b>house</b>');
  });

  it('never embeds a private tour’s data', async () => {
    await setPrivacy('Private');
    const html = await page();
    expect(html).not.toContain('id="tour-data"');
    expect(html).not.toContain('Secret');
    expect(html).not.toContain('/media/tours/');
    expect(html).toContain(`short-id="${tour.shortId}"`);
  });

  it('embeds only the cover of a password tour: no scenes, media or password', async () => {
    await setPrivacy('Password');
    const html = await page();
    const data = JSON.parse(html.match(/<script type="application\/json" id="tour-data">(.*?)<\/script>/s)![1]);
    expect(data).toMatchObject({ locked: true, privacy: 'Password', images: [], floorplans: [] });
    expect(html).not.toContain('/media/tours/');
    expect(html).not.toContain('open sesame');
  });

  it('still answers when the saved share picture is not an address, with the default picture in its meta tags', async () => {
    const fallback = `http://localhost/api/tours/${tour.shortId}/meta/center.jpg`;
    for (const socialImage of ['http://[', 'javascript:alert(1)', 'https://example.com/share.jpg']) {
      const saved = await t.app.request(`/api/tours/${tour.shortId}`, json({ ...tour, socialImage }, owner.auth));
      expect(saved.status).toBe(200);
      tour = await saved.json();
      expect((tour as unknown as { socialImage: string }).socialImage, 'stored as typed').toBe(socialImage);
      const response = await t.app.request(`/tours/${tour.shortId}`);
      expect(response.status).toBe(200);
      const shared = (await response.text()).match(/<meta property="og:image" content="([^"]*)">/)?.[1];
      expect(shared).toBe(socialImage.startsWith('https:') ? socialImage : fallback);
    }
  });

  it('shares no picture of a password tour', async () => {
    await setPrivacy('Password');
    expect(await page()).not.toContain('og:image');
  });

  it('answers an unknown tour with 404 and no data', async () => {
    const response = await t.app.request('/tours/no-such-tour');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('id="tour-data"');
  });
});

describe('GET /api/tours/{shortId} caching', () => {
  it('sends no-store for private and password tours and no-cache for public ones', async () => {
    expect((await t.app.request(`/api/tours/${tour.shortId}`)).headers.get('cache-control')).toBe('no-cache');
    await setPrivacy('Private');
    expect((await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).headers.get('cache-control')).toContain('no-store');
    expect((await t.app.request(`/api/tours/${tour.shortId}`, { headers: other.auth })).headers.get('cache-control')).toContain('no-store');
    await setPrivacy('Password');
    expect((await t.app.request(`/api/tours/${tour.shortId}`)).headers.get('cache-control')).toContain('no-store');
  });
});
