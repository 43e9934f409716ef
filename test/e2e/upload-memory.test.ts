import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
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
  return { auth, tourId: tour.id as number };
}

function upload(origin: string, auth: Record<string, string>, tourId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.set('image', new File([new Uint8Array(bytes)], name));
  form.set('tourId', String(tourId));
  return fetch(`${origin}/api/images/`, { method: 'POST', headers: auth, body: form });
}

describe('image uploads against the real server', () => {
  it('processes three small PNGs that decode to 16384×8192 each, sent at once, without the server passing 1 GB', async () => {
    const server = await startServer();
    servers.push(server);
    const { auth, tourId } = await ownerWithTour(server.origin);
    // One flat colour compresses to a few hundred KB: a decompression bomb, and also a legal panorama.
    const bomb = await sharp({ create: { width: 16384, height: 8192, channels: 3, background: '#7a8b9c' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MB);
    const answers = await Promise.all([1, 2, 3].map((i) => upload(server.origin, auth, tourId, bomb, `bomb${i}.png`)));
    // Queued, not refused: each is a picture an honest owner might send.
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect((await answers[0].json()).mobileUrl).toMatch(/mobile-/);
    expect(peakRss(server.process.pid!)).toBeLessThan(1024 * MB);
  });

  it('leaves no variant behind when the disk refuses the last file of an upload, and says what failed', async () => {
    const server = await startServer();
    servers.push(server);
    const { auth, tourId } = await ownerWithTour(server.origin);
    const panorama = await smallPanorama(6000);
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
