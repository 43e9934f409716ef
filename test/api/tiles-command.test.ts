import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Tour } from '../../api/schema/tour';
import { smallPanorama } from '../support/pictures';
import { TEST_JWT_SECRET } from '../support/test-secret';
import { createTestApp, type TestApp } from './support/test-app';
import { TEST_ENGINE } from './support/test-database';
import { postFile } from './support/uploads';
import { json, signUp, type TestUser } from './support/users';

/** `npm run admin -- tiles` on the app's data folder, as an operator runs it beside the server. */
function runTiles(t: TestApp) {
  return promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'tiles'], {
    env: { ...process.env, DATA_DIR: t.config.dataDir, JWT_SECRET: TEST_JWT_SECRET },
  });
}

async function tourWithScenes(t: TestApp, owner: TestUser, widths: number[]) {
  const tour: Tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  const uploads = [];
  for (const width of widths) uploads.push(await postFile(t, owner, '/api/images/', 'image', await smallPanorama(width), { tourId: String(tour.id) }));
  const images = uploads.map(({ url, thumbUrl, hotspotUrl, mobileUrl }, i) => ({ id: `scene${i}`, title: `Scene ${i}`, url, thumbUrl, hotspotUrl, mobileUrl }));
  expect((await t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, images }, owner.auth))).status).toBe(200);
  return { tour, images: uploads.map(({ url }) => /\/tours\/([0-9a-f]{32})\.jpg$/.exec(url)![1]) };
}

const states = async (t: TestApp) =>
  Object.fromEntries(
    (await t.db.selectFrom('scene_tiles').select(['image', 'state', 'tries']).execute()).map(({ image, state, tries }) => [image, `${state} ${tries}`]),
  );

// The command opens the settings' database; the PostgreSQL test databases are the test process's own.
describe.skipIf(TEST_ENGINE === 'postgres')('npm run admin -- tiles', () => {
  it('cuts every wide panorama of existing tours with a line each, then finds nothing left', async () => {
    const t = await createTestApp({}, { sqliteFile: true });
    const owner = await signUp(t);
    const { tour, images } = await tourWithScenes(t, owner, [4096, 2048, 4200]);
    // Tours from before tiles: nothing queued.
    await t.db.deleteFrom('scene_tiles').execute();

    const first = await runTiles(t);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^1/2 tour ${tour.shortId} scene "Scene 0": tiles ready in \\d+(\\.\\d)? s$`)),
      expect.stringMatching(new RegExp(`^2/2 tour ${tour.shortId} scene "Scene 2": tiles ready in \\d+(\\.\\d)? s$`)),
      'Tiles cut for 2 panorama(s); 0 failed; 0 left to a server cutting them.',
    ]);
    expect(await states(t)).toEqual({ [images[0]]: 'ready 1', [images[1]]: 'skipped 0', [images[2]]: 'ready 1' });
    // The running app's read shows them at once: the command raised the tour's write count.
    const read: Tour = await (await t.app.request(`/api/tours/${tour.shortId}`, { headers: owner.auth })).json();
    expect(read.images.map((scene) => scene.multires?.maxLevel)).toEqual([2, undefined, 2]);
    expect((await t.app.request(`${read.images[2].multires!.basePath}/2/r1_1.jpg`)).status).toBe(200);

    const again = await runTiles(t);
    expect(again.stdout).toBe('Every wide panorama has its tiles.\n');
    expect(await states(t), 'nothing cut twice').toEqual({ [images[0]]: 'ready 1', [images[1]]: 'skipped 0', [images[2]]: 'ready 1' });
    // Two commands started, two panoramas cut: more than the default minute on a loaded 2-core machine.
  }, 240_000);

  it('says which cut failed and exits 1; the panorama stays queued', async () => {
    const t = await createTestApp({}, { sqliteFile: true });
    const owner = await signUp(t);
    const { tour, images } = await tourWithScenes(t, owner, [4096]);
    await t.media.put(`tours/${images[0]}.jpg`, Buffer.from('not a picture'));
    const failed = await runTiles(t).then(
      () => undefined,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(
      new RegExp(`^1/1 tour ${tour.shortId} scene "Scene 0": failed after \\d+(\\.\\d)? s \\(.+\\)\nTiles cut for 0 panorama\\(s\\); 1 failed;`),
    );
    expect(await states(t)).toEqual({ [images[0]]: 'pending 1' });
  });
});
