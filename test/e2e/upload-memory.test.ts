import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Tour } from '../../api/schema/tour';
import { DEMO_PANORAMA, flatPng, flatWebp, smallPanorama } from '../support/pictures';
import { launchChromium } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

const MB = 1024 * 1024;

/** The most memory the process has held since it started (Linux: VmHWM). */
function peakRss(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1];
  return Number(kb) * 1024;
}

async function ownerWithTour(origin: string) {
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Owner', email: `o${Date.now()}@example.com`, password: 'longenough' }),
  });
  const { user } = await signup.json();
  const auth = { Authorization: `JWT ${user.token}` };
  const tour = await (await fetch(`${origin}/api/tours`, { method: 'POST', headers: auth })).json();
  return { auth, tourId: tour.id as number, shortId: tour.shortId as string, revision: tour.revision as number };
}

/** A real 16384×8192 panorama, as a camera's stitcher would send it. */
function panorama16k(): Promise<Buffer> {
  return sharp(readFileSync(DEMO_PANORAMA)).resize({ width: 16384, height: 8192 }).jpeg({ quality: 80 }).toBuffer();
}

function upload(origin: string, auth: Record<string, string>, tourId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.set('tourId', String(tourId));
  form.set('image', new File([new Uint8Array(bytes)], name));
  return fetch(`${origin}/api/images/`, { method: 'POST', headers: auth, body: form });
}

/** A server with one owner's tour, and someone else signed in who may not edit it. */
async function serverWithStranger() {
  const server = await startServer();
  servers.push(server);
  const { tourId } = await ownerWithTour(server.origin);
  return { server, tourId, stranger: await ownerWithTour(server.origin) };
}

describe('image uploads against the real server', () => {
  it('refuses small files that unpack to 16K pictures without decoding them, six at once', async () => {
    const server = await startServer();
    servers.push(server);
    const { auth, tourId } = await ownerWithTour(server.origin);
    const bombs = [await flatWebp(16383, 8191), await flatPng(16384, 8192)];
    const answers = await Promise.all([0, 1, 0, 1, 0, 1].map((i) => upload(server.origin, auth, tourId, bombs[i], `bomb${i}`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(422));
    // One of them decoded would take 400 MB (16384 × 8192 × 3).
    expect(peakRss(server.process.pid!)).toBeLessThan(300 * MB);
  });

  it('processes three real 16384×8192 panoramas sent at once, queued, without the server passing 1 GB', async () => {
    const server = await startServer();
    servers.push(server);
    const { auth, tourId } = await ownerWithTour(server.origin);
    const panorama = await panorama16k();
    expect(panorama.length).toBeLessThan(60 * MB);
    const answers = await Promise.all([1, 2, 3].map((i) => upload(server.origin, auth, tourId, panorama, `pano${i}.jpg`)));
    // Queued, not refused.
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect((await answers[0].json()).mobileUrl).toMatch(/mobile-/);
    expect(peakRss(server.process.pid!)).toBeLessThan(1024 * MB);
  });

  it('cuts the tiles of three 16384×8192 panoramas saved as scenes, without the server passing 1 GB until all are ready', async () => {
    const server = await startServer();
    servers.push(server);
    const { auth, tourId, shortId, revision } = await ownerWithTour(server.origin);
    const panorama = await panorama16k();
    const answers = await Promise.all([1, 2, 3].map((i) => upload(server.origin, auth, tourId, panorama, `pano${i}.jpg`)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const images = await Promise.all(answers.map(async (answer, i) => ({ id: `scene${i}`, title: `Scene ${i}`, ...(await answer.json()), uploaded: true })));
    const saved = await fetch(`${server.origin}/api/tours/${shortId}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ revision, images }),
    });
    expect(saved.status).toBe(200);
    const scenes = async () => ((await (await fetch(`${server.origin}/api/tours/${shortId}`, { headers: auth })).json()) as Tour).images;
    // Cut one after another in the background: minutes on a busy two-core machine; nothing here is timed.
    await expect.poll(async () => (await scenes()).filter((scene) => scene.multires).length, { timeout: 1_500_000, interval: 2000 }).toBe(3);
    expect(peakRss(server.process.pid!)).toBeLessThan(1024 * MB);
  }, 1_800_000);

  it("answers eight 50 MB uploads to someone else's tour with 404 as soon as it reads the tour's id, holding none of them", async () => {
    const { server, tourId, stranger } = await serverWithStranger();
    const body = Buffer.alloc(50 * MB, 0xab);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((i) => upload(server.origin, stranger.auth, tourId, body, `big${i}.jpg`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(404));
    expect((await answers[0].json()).error.code).toBe('TourNotFound');
    expect(peakRss(server.process.pid!)).toBeLessThan(300 * MB);
  });

  it("shows a browser the 404 of an upload to someone else's tour, while it is still sending 40 MB", async () => {
    const { server, tourId, stranger } = await serverWithStranger();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${server.origin}/healthz`);
      const answer = await page.evaluate(
        async ({ tourId, authorization }) => {
          const form = new FormData();
          form.set('tourId', String(tourId));
          form.set('image', new File([new Uint8Array(40 * 1024 * 1024)], 'big.jpg'));
          const response = await fetch('/api/images/', { method: 'POST', headers: { Authorization: authorization }, body: form });
          return { status: response.status, body: await response.json() };
        },
        { tourId, authorization: stranger.auth.Authorization },
      );
      expect(answer).toMatchObject({ status: 404, body: { error: { code: 'TourNotFound' } } });
    } finally {
      await browser.close();
    }
  });

  it('leaves no variant behind when the disk refuses the last file of an upload, and says what failed', async () => {
    const server = await startServer();
    servers.push(server);
    const { auth, tourId } = await ownerWithTour(server.origin);
    // Sent at a low quality, so that the upload itself fits under the limit below and our re-encoding does not.
    const panorama = await sharp(await smallPanorama(6000))
      .jpeg({ quality: 40 })
      .toBuffer();
    const tours = join(server.dataDir, 'media', 'tours');
    const before = readdirSync(tours).sort(); // the demo tour's pictures
    // From now on the server may write no file over 2 MB: the thumb-, hotspot- and mobile- variants fit, the
    // 6000-px original (written last) fails part-way, as on a disk that fills up mid-upload.
    const limited = spawnSync('prlimit', [`--pid=${server.process.pid}`, `--fsize=${2 * MB}`]);
    expect(limited.status).toBe(0);
    const response = await upload(server.origin, auth, tourId, panorama, 'wide.jpg');
    expect(response.status).toBe(507);
    expect((await response.json()).error).toMatchObject({
      code: 'StorageFailed',
      message: 'Could not store the image: the media folder is full or read-only.',
      details: { reason: 'EFBIG' },
    });
    expect(readdirSync(tours).sort()).toEqual(before);
    // A smaller picture still goes through afterwards.
    expect((await upload(server.origin, auth, tourId, await smallPanorama(1000), 'small.jpg')).status).toBe(201);
  });
});
