import { readFileSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { TINY_MP3 } from './support/sounds';
import { createTestApp } from './support/test-app';
import { json, signUp } from './support/users';

async function setUp() {
  const t = await createTestApp();
  const owner = await signUp(t, 'Owner');
  const other = await signUp(t, 'Other');
  const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const saved = await t.app.request(
    `/api/tours/${tour.shortId}`,
    json(
      {
        revision: tour.revision,
        images: [
          { id: 'hall', title: 'Hall' },
          { id: 'kitchen', title: 'Kitchen' },
        ],
      },
      owner.auth,
    ),
  );
  expect(saved.status).toBe(200);
  return { t, owner, other, tour };
}

describe('floor plans', () => {
  it('creates, updates with hotspots as text, shows them on the tour, and deletes — owner only', async () => {
    const { t, owner, other, tour } = await setUp();
    const plan = { name: 'Ground floor', url: '/media/tours/plan.jpg', sortOrder: 1 };
    expect((await t.app.request(`/api/floorplans/${tour.id}`, json(plan, other.auth))).status).toBe(404);
    expect((await t.app.request(`/api/floorplans/${tour.id}`, json(plan))).status).toBe(401);
    const created = await t.app.request(`/api/floorplans/${tour.id}`, json(plan, owner.auth));
    expect(created.status).toBe(201);
    const { floorplanId } = await created.json();

    const hotspots = JSON.stringify([{ coords: { x: 25, y: 40 }, destinationSceneId: 'kitchen', destinationTitle: 'Kitchen' }]);
    expect((await t.app.request(`/api/floorplan/update/${floorplanId}`, json({ hotspots }, other.auth))).status).toBe(404);
    const updated = await (await t.app.request(`/api/floorplan/update/${floorplanId}`, json({ hotspots }, owner.auth))).json();
    expect(updated.hotspots[0]).toMatchObject({ destinationSceneId: 'kitchen', coords: { x: 25, y: 40 } });
    expect(updated.hotspots[0].id).toBeTruthy();
    expect(updated, 'a hotspots-only update keeps the rest').toMatchObject({ name: 'Ground floor', url: '/media/tours/plan.jpg', sortOrder: 1 });

    const ghost = JSON.stringify([{ coords: { x: 1, y: 1 }, destinationSceneId: 'attic' }]);
    expect((await t.app.request(`/api/floorplan/update/${floorplanId}`, json({ hotspots: ghost }, owner.auth))).status).toBe(422);
    expect((await t.app.request(`/api/floorplan/update/${floorplanId}`, json({ hotspots: '{not json' }, owner.auth))).status).toBe(422);
    const outOfRange = JSON.stringify([{ coords: { x: 140, y: 1 }, destinationSceneId: 'hall' }]);
    expect((await t.app.request(`/api/floorplan/update/${floorplanId}`, json({ hotspots: outOfRange }, owner.auth))).status).toBe(422);

    // As its owner: visitors see no floor plans of a locked tour.
    const loaded = await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json();
    expect(loaded.floorplans).toHaveLength(1);
    expect(loaded.floorplans[0].hotspots).toHaveLength(1);

    expect((await t.app.request(`/api/floorplan/delete/${floorplanId}`, { method: 'DELETE', headers: other.auth })).status).toBe(404);
    expect((await t.app.request(`/api/floorplan/delete/${floorplanId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
    expect((await (await t.app.request(`/api/tours/${tour.shortId}`)).json()).floorplans).toEqual([]);
  });

  it('keeps saving the tour after a scene that a floor-plan room links to is removed, and the room can then go', async () => {
    const { t, owner, tour } = await setUp();
    const plan = { name: 'Ground floor', url: '/media/tours/plan.jpg', hotspots: [{ coords: { x: 5, y: 5 }, destinationSceneId: 'kitchen' }] };
    // The plan's write raises the tour's revision and answers it.
    const { floorplanId, revision } = await (await t.app.request(`/api/floorplans/${tour.id}`, json(plan, owner.auth))).json();
    const withoutKitchen = await t.app.request(
      `/api/tours/${tour.shortId}`,
      json({ revision, title: 'Kitchen gone', images: [{ id: 'hall', title: 'Hall' }] }, owner.auth),
    );
    expect(withoutKitchen.status).toBe(200);
    const later = await t.app.request(
      `/api/tours/${tour.shortId}`,
      json({ revision: revision + 1, title: 'Still saving', images: [{ id: 'hall' }] }, owner.auth),
    );
    expect(later.status).toBe(200);
    const pruned = await t.app.request(`/api/floorplan/update/${floorplanId}`, json({ hotspots: '[]' }, owner.auth));
    expect(pruned.status).toBe(200);
    // The plan's own route still refuses a room in a scene the tour no longer has.
    const ghost = JSON.stringify(plan.hotspots);
    expect((await t.app.request(`/api/floorplan/update/${floorplanId}`, json({ hotspots: ghost }, owner.auth))).status).toBe(422);
    const loaded = await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json();
    expect(loaded).toMatchObject({ title: 'Still saving', floorplans: [{ hotspots: [] }] });
  });
});

describe('library assets', () => {
  it('uploads, lists as an object, and deletes the caller’s own assets only', async () => {
    const { t, owner, other } = await setUp();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(await smallPanorama(400))], 'logo.jpg'));
    const uploaded = await t.app.request('/api/assets/upload', { method: 'POST', body: form, headers: owner.auth });
    expect(uploaded.status).toBe(201);
    const { url, thumbUrl } = await uploaded.json();
    expect(url).toMatch(/^\/media\/assets\/[0-9a-f]{32}\.jpg$/);
    expect((await t.app.request(url)).status).toBe(200);

    const asset = await (await t.app.request('/api/assets', json({ name: 'Logo', url, thumbUrl, assetType: 'logo' }, owner.auth))).json();
    const listed = await (await t.app.request('/api/assets/', { headers: owner.auth })).json();
    expect(listed[asset.assetId]).toMatchObject({ name: 'Logo', assetType: 'logo', url });
    expect(await (await t.app.request('/api/assets/', { headers: other.auth })).json()).toEqual({});
    expect((await t.app.request('/api/assets', json({ assetId: asset.assetId, name: 'Mine now', url }, other.auth))).status).toBe(403);
    expect((await t.app.request(`/api/asset/${asset.assetId}`, { method: 'DELETE', headers: other.auth })).status).toBe(403);
    expect((await t.app.request(`/api/asset/${asset.assetId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
    expect(await (await t.app.request('/api/assets/', { headers: owner.auth })).json()).toEqual({});
  });

  it('decodes a rotated photo once, and stores it upright with an upright thumbnail', async () => {
    const { t, owner } = await setUp();
    // Stored 1200 wide and 600 high, shown turned a quarter (EXIF orientation 6): 600 wide and 1200 high.
    const rotated = await sharp(await smallPanorama(1200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    // Every picture sharp makes is written by toBuffer(): note what each one read.
    const inputs: Buffer[] = [];
    const toBuffer = sharp.prototype.toBuffer;
    const spy = vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(function (
      this: Sharp & { options: { input: { file?: string; buffer?: Buffer } } },
      ...args
    ) {
      const { file, buffer } = this.options.input;
      inputs.push(file ? readFileSync(file) : buffer!);
      return toBuffer.apply(this, args as never) as never;
    });
    try {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(rotated)], 'photo.jpg'));
      const uploaded = await t.app.request('/api/assets/upload', { method: 'POST', body: form, headers: owner.auth });
      expect(uploaded.status).toBe(201);
      const { url, thumbUrl } = await uploaded.json();
      expect(inputs.filter((input) => input.equals(rotated))).toHaveLength(1);
      const stored = await sharp(Buffer.from(await (await t.app.request(url)).arrayBuffer())).metadata();
      expect([stored.width, stored.height, stored.orientation]).toEqual([600, 1200, undefined]);
      const thumb = await sharp(Buffer.from(await (await t.app.request(thumbUrl)).arrayBuffer())).metadata();
      expect(thumb.height).toBeGreaterThan(thumb.width!);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('ambience audio', () => {
  it('stores an MP3 recognised by its bytes and refuses other files', async () => {
    const { t, owner, other, tour } = await setUp();
    const send = (bytes: Buffer, name: string, auth = owner.auth) => {
      const form = new FormData();
      form.set('audio', new File([new Uint8Array(bytes)], name));
      return t.app.request(`/api/tours/${tour.shortId}/audio`, { method: 'POST', body: form, headers: auth });
    };
    const ok = await send(TINY_MP3, 'Birds.mp3');
    expect(ok.status).toBe(201);
    const body = await ok.json();
    expect(body.name).toBe('Birds');
    expect(body.url).toMatch(/^\/media\/audio\/[0-9a-f]{32}\.mp3$/);
    const ranged = await t.app.request(body.url, { headers: { Range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(10);
    expect((await send(Buffer.from('not a sound at all, just text'), 'fake.mp3')).status).toBe(415);
    expect((await send(TINY_MP3, 'Birds.mp3', other.auth)).status).toBe(403);
    expect((await send(Buffer.alloc(21 * 1024 * 1024), 'huge.mp3')).status).toBe(413);
  });
});
