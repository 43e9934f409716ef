import { afterEach, describe, expect, it, vi } from 'vitest';
import { sweepUnnamedMedia, UNNAMED_MEDIA_GRACE_MS } from '../../api/media/orphan-sweep';
import type { SceneImageFormat } from '../../api/schema/tour';
import { flatPhoto, smallPanorama } from '../support/pictures';
import { startTestS3 } from '../support/s3-server';
import { createTestApp, type TestApp } from './support/test-app';
import { postFile } from './support/uploads';
import { json, signUp, type TestUser } from './support/users';

const s3 = await startTestS3();

afterEach(() => {
  vi.restoreAllMocks();
});

/** The app on a bucket of its own, with an owner and a new tour. */
async function appOnBucket(env: Record<string, string> = {}) {
  const settings = await s3.newBucket();
  const t = await createTestApp({ ...settings, ...env });
  const owner = await signUp(t);
  const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  return { t, owner, tour, bucket: settings.S3_BUCKET };
}

/** A panorama wider than a phone's limit (so with a mobile- variant too), saved as the tour's one scene. */
async function savedScene(t: TestApp, owner: TestUser, tour: { id: number; shortId: string; revision: number }) {
  const { url, thumbUrl, hotspotUrl, mobileUrl } = await postFile(t, owner, '/api/images/', 'image', await smallPanorama(4200), { tourId: String(tour.id) });
  const saved = await t.app.request(
    `/api/tours/${tour.shortId}`,
    json({ revision: tour.revision, images: [{ id: 'hall', url, thumbUrl, hotspotUrl, mobileUrl }] }, owner.auth),
  );
  expect(saved.status).toBe(200);
  return (await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json()).images[0];
}

const nameOf = (url: string) => url.split('/').pop()!;

/** The addresses the tour answer lists for a scene's small pictures in modern types. */
function modernUrls(scene: { formats?: SceneImageFormat[] }): string[] {
  return (scene.formats ?? []).flatMap((format) => [format.thumbUrl, format.hotspotUrl, format.mobileUrl]).filter(Boolean);
}

describe('media in S3-compatible storage (S3_* set)', () => {
  it("stores a panorama's variants in the bucket and serves the tour's images from it through the app", async () => {
    const { t, owner, tour, bucket } = await appOnBucket();
    const scene = await savedScene(t, owner, tour);
    const jpegs = [scene.url, scene.thumbUrl, scene.hotspotUrl, scene.mobileUrl];
    const modern = modernUrls(scene);
    expect(modern).toHaveLength(5);
    const urls = [...jpegs, ...modern];
    expect(urls.every((url: string) => url.startsWith('/media/tours/'))).toBe(true);
    expect(await s3.keys(bucket)).toEqual(urls.map((url: string) => `tours/${nameOf(url)}`).sort());
    for (const url of urls) {
      const served = await t.app.request(url);
      expect(served.status, url).toBe(200);
      expect(served.headers.get('Content-Type')).toBe(`image/${url.endsWith('.jpg') ? 'jpeg' : url.split('.').pop()}`);
      expect(served.headers.get('Cache-Control')).toContain('immutable');
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    // The share picture is cropped from the bucket's panorama and kept beside it.
    expect((await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`)).status).toBe(200);
    expect(await s3.keys(bucket)).toContain(`social/${nameOf(scene.url)}`);
  });

  it("with MEDIA_BASE_URL gives the tour addresses there, which the bucket's own address answers", async () => {
    const settings = await s3.newBucket();
    const base = `${settings.S3_ENDPOINT}/${settings.S3_BUCKET}`;
    const t = await createTestApp({ ...settings, MEDIA_BASE_URL: base });
    const owner = await signUp(t);
    const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
    const scene = await savedScene(t, owner, tour);
    for (const url of [scene.url, scene.thumbUrl, scene.hotspotUrl, scene.mobileUrl, ...modernUrls(scene)]) {
      expect(url.startsWith(`${base}/tours/`), url).toBe(true);
      // What a CDN in front of the bucket would fetch.
      const fetched = await fetch(url);
      expect(fetched.status, url).toBe(200);
      expect(fetched.headers.get('Content-Type')).toBe(`image/${url.endsWith('.jpg') ? 'jpeg' : url.split('.').pop()}`);
      expect(fetched.headers.get('Cache-Control')).toContain('immutable');
      await fetched.arrayBuffer();
    }
  });

  it("removes a deleted tour's objects, and the sweep removes the uploads nothing names", async () => {
    const { t, owner, tour, bucket } = await appOnBucket();
    const scene = await savedScene(t, owner, tour);
    await t.app.request(`/api/tours/${tour.shortId}/meta/center.jpg`);
    expect(await s3.keys(bucket)).toHaveLength(10);
    expect((await t.app.request(`/api/tours/${tour.shortId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(200);
    expect(await s3.keys(bucket)).toEqual([]);
    expect((await t.app.request(scene.url)).status).toBe(404);

    const { url } = await postFile(t, owner, '/api/assets/upload', 'file', await flatPhoto());
    vi.spyOn(t.logger, 'info').mockImplementation(() => undefined);
    expect(await sweepUnnamedMedia(t.db, t.media, t.logger), 'too young to sweep').toBe(0);
    s3.writtenAgo(bucket, UNNAMED_MEDIA_GRACE_MS + 60_000);
    expect(await sweepUnnamedMedia(t.db, t.media, t.logger)).toBeGreaterThan(0);
    expect(await s3.keys(bucket)).toEqual([]);
    expect((await t.app.request(url)).status).toBe(404);
  });

  it('refuses an upload the bucket does not take with 507, saying the bucket and not the media folder', async () => {
    const t = await createTestApp({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    const owner = await signUp(t);
    const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
    const form = new FormData();
    form.set('tourId', String(tour.id));
    form.set('image', new Blob([new Uint8Array(await smallPanorama(2048))], { type: 'image/jpeg' }), 'hall.jpg');
    const upload = await t.app.request('/api/images/', { method: 'POST', headers: owner.auth, body: form });
    expect(upload.status).toBe(507);
    expect((await upload.json()).error).toMatchObject({
      code: 'StorageFailed',
      message: 'Could not store the image: the media bucket could not be reached or refused it.',
    });
  });

  it('reports the bucket in /readyz: ok while it takes objects, 503 when it is gone', async () => {
    const { t } = await appOnBucket();
    expect(await (await t.app.request('/readyz')).json()).toEqual({ status: 'ready', checks: { database: 'ok', media: 'ok' } });
    const gone = await createTestApp({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    const ready = await gone.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect((await ready.json()).error.details).toEqual({ database: 'ok', media: 'failing' });
  });
});
