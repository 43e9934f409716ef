import { Hono } from 'hono';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalMediaStorage } from '../../../../api/media/local-media-storage';
import { readMediaFile, type MediaStorage } from '../../../../api/media/media-storage';
import { S3MediaStorage } from '../../../../api/media/s3-media-storage';
import { startTestS3 } from '../../../support/s3-server';

const s3 = await startTestS3();

/** A fresh, empty store of each kind, and one that cannot take files. */
const stores: Array<[string, { fresh(): Promise<MediaStorage>; broken(): MediaStorage }]> = [
  [
    'LocalMediaStorage',
    {
      fresh: async () => LocalMediaStorage.open(mkdtempSync(join(tmpdir(), 'tour-media-'))),
      broken: () => new LocalMediaStorage(join(tmpdir(), `tour-media-${randomBytes(8).toString('hex')}`, 'gone')),
    },
  ],
  [
    'S3MediaStorage',
    {
      fresh: async () => new S3MediaStorage(s3.client, (await s3.newBucket()).S3_BUCKET),
      broken: () => new S3MediaStorage(s3.client, 'no-such-bucket'),
    },
  ],
];

const NAME = `${randomBytes(16).toString('hex')}.jpg`;
const BYTES = Buffer.from('not really a jpeg, but bytes all the same');

/** The store's serve() where the app mounts it, with the app's 404 behind it. */
function served(media: MediaStorage) {
  const app = new Hono();
  app.get('/media/*', media.serve(), (c) => c.text('not found', 404));
  return app;
}

describe.each(stores)('%s (the MediaStorage contract)', (_kind, { fresh, broken }) => {
  it('stores a file, reads it back, lists it and tells it exists', async () => {
    const media = await fresh();
    const before = Date.now();
    await media.put(`tours/${NAME}`, BYTES);
    expect(await readMediaFile(media, `tours/${NAME}`)).toEqual(BYTES);
    expect(await media.exists(`tours/${NAME}`)).toBe(true);
    const [listed, ...others] = await media.list('tours');
    expect(others).toEqual([]);
    expect(listed.name).toBe(NAME);
    // Some stores keep whole seconds.
    expect(listed.modifiedMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  it('replaces a file stored again under the same name', async () => {
    const media = await fresh();
    await media.put(`social/${NAME}`, BYTES);
    await media.put(`social/${NAME}`, Buffer.from('crop'));
    expect((await readMediaFile(media, `social/${NAME}`))?.toString()).toBe('crop');
    expect(await media.list('social')).toHaveLength(1);
  });

  it('answers nothing for a file or folder that was never stored', async () => {
    const media = await fresh();
    expect(await media.get(`tours/${NAME}`)).toBeUndefined();
    expect(await media.exists(`tours/${NAME}`)).toBe(false);
    expect(await media.list('audio')).toEqual([]);
  });

  it('lists only what lies directly in the folder asked for', async () => {
    const media = await fresh();
    await media.put(`tours/${NAME}`, BYTES);
    await media.put(`tours/thumb-${NAME}`, BYTES);
    await media.put(`assets/${NAME}`, BYTES);
    expect((await media.list('tours')).map(({ name }) => name).sort()).toEqual([NAME, `thumb-${NAME}`]);
    expect((await media.list('assets')).map(({ name }) => name)).toEqual([NAME]);
  });

  it('deletes a file, answering whether there was one', async () => {
    const media = await fresh();
    await media.put(`audio/${NAME}`, BYTES);
    expect(await media.delete(`audio/${NAME}`)).toBe(true);
    expect(await media.delete(`audio/${NAME}`)).toBe(false);
    expect(await media.exists(`audio/${NAME}`)).toBe(false);
    expect(await media.list('audio')).toEqual([]);
  });

  it('refuses a path that could leave the media', async () => {
    const media = await fresh();
    for (const path of ['../secret.jpg', '/etc/passwd', 'tours//x.jpg', 'tours/../../x.jpg']) {
      await expect(media.put(path, BYTES), path).rejects.toThrow(/Not a media path/);
    }
  });

  it('is writable while it takes files, and not once it cannot', async () => {
    expect(await (await fresh()).writable()).toBe(true);
    expect(await broken().writable()).toBe(false);
  });

  it('serves a stored file with its type, length and date, part of it for a Range, and passes on a missing one', async () => {
    const media = await fresh();
    await media.put(`tours/${NAME}`, BYTES);
    const app = served(media);
    const whole = await app.request(`/media/tours/${NAME}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('Content-Type')).toBe('image/jpeg');
    expect(whole.headers.get('Content-Length')).toBe(String(BYTES.length));
    expect(whole.headers.get('Last-Modified')).toBeTruthy();
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(BYTES);

    const part = await app.request(`/media/tours/${NAME}`, { headers: { Range: 'bytes=4-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 4-9/${BYTES.length}`);
    expect(await part.text()).toBe(BYTES.subarray(4, 10).toString());
    const beyond = await app.request(`/media/tours/${NAME}`, { headers: { Range: `bytes=${BYTES.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('Content-Range')).toBe(`bytes */${BYTES.length}`);

    const head = await app.request(`/media/tours/${NAME}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Length')).toBe(String(BYTES.length));

    expect((await app.request(`/media/tours/thumb-${NAME}`)).status).toBe(404);
    expect((await app.request('/media/tours/..%2f..%2fpackage.json')).status).toBe(404);
  });
});

describe('S3MediaStorage', () => {
  it("answers a revalidation with the object's ETag by 304, without its bytes", async () => {
    const media = await stores[1][1].fresh();
    await media.put(`tours/${NAME}`, BYTES);
    const app = served(media);
    const first = await app.request(`/media/tours/${NAME}`);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.request(`/media/tours/${NAME}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect((await app.request(`/media/tours/${NAME}`, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });
});
